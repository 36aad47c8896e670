/** Jobs with one leader (docs/architecture.md, "Jobs"): named interval jobs, one node at a time. */
export { createJobs, type Jobs, type JobSpec, type JobsDeps } from './scheduler';
export { jobLockKey } from './leader-lock';
