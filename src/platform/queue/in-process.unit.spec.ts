import { jobQueueContract } from '../../../test/contracts/job-queue.contract';
import { InProcessQueue } from './in-process';

// Each handle is its own scheduler: in-process queues do not share jobs across handles.
jobQueueContract('in-process', async (hooks) => new InProcessQueue(hooks), { handlesShareBackend: false });
