import type { FastifyBaseLogger } from 'fastify';
import type { ModuleJob, ModuleWorker } from '../deps.ts';

/** A job and a worker are what a module brings (deps.ts: `ModuleJob`, `ModuleWorker`, with what each field means). */
export type Job = ModuleJob;
export type Worker = ModuleWorker;

type Gate = (name: string, everyMs: number) => () => Promise<boolean>;

/**
 * Every background job and worker of an app process, started and stopped in one place (app.ts adds
 * them, main.ts starts them, the app's close stops them). A job whose round changes what readers see drops the
 * caches through the app's `afterWrite`, the path a request's write takes (app.ts). A failing round is
 * logged and the job goes on at its next interval; a round never starts while the job's previous one
 * still runs.
 */
export class JobRunner {
  private readonly jobs: Job[] = [];
  private readonly workers: Worker[] = [];
  private readonly working: Promise<void>[] = [];
  private abort: AbortController | undefined;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Map<string, Promise<void>>();
  private stopped = false;

  private readonly gate: Gate;
  private readonly log: FastifyBaseLogger;

  /** `gate`: the lease of a job run on one process at a time (db/leases.ts leaseGate). */
  constructor(deps: { gate: Gate; log: FastifyBaseLogger }) {
    this.gate = deps.gate;
    this.log = deps.log;
  }

  /** The jobs and workers added, by name, in the order they were (a job with whether it holds a lease). */
  list(): { jobs: Array<[string, boolean]>; workers: string[] } {
    return { jobs: this.jobs.map((job) => [job.name, job.lease]), workers: this.workers.map((worker) => worker.name) };
  }

  add(job: Job): void {
    if (this.jobs.some((known) => known.name === job.name)) throw new Error(`Two jobs are called ${job.name}`);
    this.jobs.push(job);
  }

  addWorker(worker: Worker): void {
    if (this.workers.some((known) => known.name === worker.name)) throw new Error(`Two workers are called ${worker.name}`);
    this.workers.push(worker);
  }

  start(): void {
    this.stopped = false;
    const abort = new AbortController();
    this.abort = abort;
    for (const worker of this.workers) {
      // A worker that ends on its own or fails is logged; it is not started again before the next start().
      const run = Promise.resolve()
        .then(() => worker.run(abort.signal))
        .then(
          () => void (abort.signal.aborted || this.log.warn(`the ${worker.name} worker stopped by itself`)),
          (err: unknown) => this.log.error({ err, worker: worker.name }, `the ${worker.name} worker failed`),
        );
      this.working.push(run);
    }
    for (const job of this.jobs) {
      const mayRun = job.lease ? this.gate(job.name, job.everyMs) : async () => true;
      const tick = () => void this.round(job, mayRun);
      const timer = setInterval(tick, job.everyMs);
      timer.unref();
      this.timers.push(timer);
      if (job.atStart) tick();
    }
  }

  /**
   * One round of the job `name` now, whatever its interval and lease (a test's or an operator's nudge);
   * resolves when it has ended, or at once if a round of it is under way or the runner is stopped.
   */
  runNow(name: string): Promise<void> {
    const job = this.jobs.find((known) => known.name === name);
    if (!job) throw new Error(`No job is called ${name}`);
    return this.running.get(name) ?? this.round(job, async () => true);
  }

  /** No new round starts and the workers are told to stop; resolves once the rounds under way and the workers have ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    this.abort?.abort();
    this.abort = undefined;
    await Promise.all([...this.running.values(), ...this.working.splice(0)]);
  }

  private round(job: Job, mayRun: () => Promise<boolean>): Promise<void> {
    if (this.stopped || this.running.has(job.name)) return Promise.resolve();
    // Begun in a microtask, so it is in `running` before it can end.
    const run = Promise.resolve().then(async () => {
      try {
        if (!(await mayRun())) return;
        const done = await job.run();
        if (done.said) this.log.info(done.said);
      } catch (err) {
        this.log.error({ err, job: job.name }, `the ${job.name} job failed`);
      } finally {
        this.running.delete(job.name);
      }
    });
    this.running.set(job.name, run);
    return run;
  }
}
