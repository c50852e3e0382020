import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { openInfrastructure } from '../platform/runtime';

// `npm run migrate`: opening the infrastructure runs the migrations; report and leave.
const config = loadConfig();
const logger = createLogger(config);
const infra = await openInfrastructure(config, logger);
logger.info('database schema is up to date');
await infra.close();
