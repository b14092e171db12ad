#ifndef CRUNTIMEHOOKS_H
#define CRUNTIMEHOOKS_H

/// Called for each job the Swift runtime would put on its global executor.
typedef void (*vmrepl_job_sink)(void *_Nonnull job);

/// Routes the jobs the Swift runtime puts on its global executor to `sink` (while `sink` returns
/// them by calling `vmrepl_enqueue_global` they run as before); 0 when the runtime has no hook.
int vmrepl_capture_global_jobs(vmrepl_job_sink _Nonnull sink);

/// Puts `job` on the runtime's own global executor, as if no hook were installed.
void vmrepl_enqueue_global(void *_Nonnull job);

/// When the next Foundation timer on the main run loop's default mode fires, in seconds since
/// 2001-01-01 (CoreFoundation's absolute time); 0 when none is scheduled or Foundation has no run loop.
double vmrepl_main_run_loop_next_timer_date(void);

#endif
