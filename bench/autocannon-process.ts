// One autocannon run in a process of its own. The client is the slower side here (it decodes every
// answer to a string in JavaScript), so it gets an event loop and heap of its own, not the bench's
// (servers' pipes, database pool, what seeding left behind).
// Usage: autocannon-process.ts '<autocannon options as JSON>'  → prints the result as JSON.
import autocannon from 'autocannon';

const result = await autocannon(JSON.parse(process.argv[2]!));
process.stdout.write(JSON.stringify(result));
