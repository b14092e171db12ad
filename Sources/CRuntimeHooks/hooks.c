// The Swift concurrency runtime's hooks: its global executor's queue, and how async `main` drains
// the main queue. Declared weak, so a runtime without them leaves everything as it was.
#include "CRuntimeHooks.h"
#include <stdatomic.h>
#include <stddef.h>
#if defined(__APPLE__)
#include <CoreFoundation/CoreFoundation.h>
#endif

typedef struct Job Job;
typedef void (__attribute__((swiftcall)) *enqueue_original)(Job *job);
typedef void (__attribute__((swiftcall)) *enqueue_hook)(Job *job, enqueue_original original);
extern enqueue_hook swift_task_enqueueGlobal_hook __attribute__((weak));

static _Atomic(vmrepl_job_sink) job_sink;
static _Atomic(enqueue_original) runtime_enqueue;

__attribute__((swiftcall)) static void on_enqueue_global(Job *job, enqueue_original original) {
    atomic_store(&runtime_enqueue, original);
    vmrepl_job_sink sink = atomic_load(&job_sink);
    if (sink) {
        sink(job);
    } else {
        original(job);
    }
}

int vmrepl_capture_global_jobs(vmrepl_job_sink sink) {
    if (&swift_task_enqueueGlobal_hook == NULL) return 0;
    atomic_store(&job_sink, sink);
    swift_task_enqueueGlobal_hook = on_enqueue_global;
    return 1;
}

void vmrepl_enqueue_global(void *job) {
    enqueue_original original = atomic_load(&runtime_enqueue);
    if (original) original((Job *)job);
}

#if defined(__linux__)
typedef void (__attribute__((swiftcall)) *drain_function)(void);
typedef void (__attribute__((swiftcall)) *drain_hook)(drain_function original, drain_function override);
extern drain_hook swift_task_asyncMainDrainQueue_hook __attribute__((weak));
/// Defined by ViewModelREPL: runs the main thread's run loop for ever.
extern void vmrepl_run_main_run_loop(void) __attribute__((weak));

// As on Apple platforms, where the runtime runs CFRunLoopRun when Foundation is there: the main
// actor's jobs, the main queue's blocks, timers and `RunLoop.main.perform` all run on the main thread.
__attribute__((swiftcall)) static void on_drain_main_queue(drain_function original, drain_function override) {
    (void)override;
    if (vmrepl_run_main_run_loop) vmrepl_run_main_run_loop();
    original();
}

__attribute__((constructor)) static void vmrepl_install_main_drain(void) {
    if (&swift_task_asyncMainDrainQueue_hook != NULL) swift_task_asyncMainDrainQueue_hook = on_drain_main_queue;
}
#endif

#if defined(__APPLE__)
double vmrepl_main_run_loop_next_timer_date(void) {
    return CFRunLoopGetNextTimerFireDate(CFRunLoopGetMain(), kCFRunLoopDefaultMode);
}
#else
// Foundation's CoreFoundation, exported by libFoundation but not importable from Swift on Linux.
extern void *CFRunLoopGetMain(void) __attribute__((weak));
extern double CFRunLoopGetNextTimerFireDate(void *loop, void *mode) __attribute__((weak));
extern void *const kCFRunLoopDefaultMode __attribute__((weak));

double vmrepl_main_run_loop_next_timer_date(void) {
    if (!CFRunLoopGetMain || !CFRunLoopGetNextTimerFireDate || !&kCFRunLoopDefaultMode) return 0;
    return CFRunLoopGetNextTimerFireDate(CFRunLoopGetMain(), kCFRunLoopDefaultMode);
}
#endif
