# The store as one image: the web process (`npm start`) and the worker (`npm run worker`).
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
ENV NODE_ENV=production PORT=3000
EXPOSE 3000
# Node itself is the container's first process, so SIGTERM (docker stop, a rolling restart) reaches the
# store's graceful shutdown; through npx and tsx's launcher it would depend on each relaying it.
CMD ["node", "--import", "tsx", "src/main.ts"]
