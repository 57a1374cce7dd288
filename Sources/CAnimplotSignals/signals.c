// prlimit (Linux)
#define _GNU_SOURCE

#include "animplot_signals.h"

#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#define SLOTS 16384

// Slot states: FREE, BUSY (being filled or emptied), LIVE (its path is a temporary file).
enum { FREE, BUSY, LIVE };

static atomic_int states[SLOTS];
// Each slot's buffer, allocated on first use and never freed, so that the handler never reads
// freed memory; a longer path than the buffer holds gets a new buffer (the old one is kept).
static _Atomic(char *) paths[SLOTS];
static size_t sizes[SLOTS];

// Folders a run made for its outputs (`-o new/sub/`), innermost last; removed, when still
// empty, after the temporary files.
#define FOLDER_SLOTS 256
static atomic_int folder_states[FOLDER_SLOTS];
static _Atomic(char *) folder_paths[FOLDER_SLOTS];
static size_t folder_sizes[FOLDER_SLOTS];

// Programs a run started and waits for (check's rsvg-convert), by process ID; 0 is a free slot.
// Killed first by the handler, so that none outlives the run, or writes on in its temporaries.
#define CHILD_SLOTS 256
static atomic_int children[CHILD_SLOTS];

// Sections where a thing is made before it can be listed (a child's process ID is known only
// once it runs; a temporary file's unique name only once it exists): a signal arriving in one
// is held (`pending`) and raised when the last section ends, so that the handler never misses
// a child or a file made in that moment.
static atomic_int held;
static atomic_int pending;
// Set as the handler starts: from then on no section begins (a thread that would make a file
// waits for the end instead), so that no file is made after the handler has looked.
static atomic_int dying;

static void die(int sig);

static void on_signal(int sig) {
  atomic_store(&dying, 1);
  if (atomic_load(&held) > 0) {
    int none = 0;
    atomic_compare_exchange_strong(&pending, &none, sig);
    // The last section may have ended since `held` was read, without seeing this signal:
    // whichever of it and this handler takes `pending` back acts on it.
    if (atomic_load(&held) > 0) return;
    int taken = atomic_exchange(&pending, 0);
    if (taken == 0) return;
    sig = taken;
  }
  die(sig);
}

// Kills the children, removes the temporaries and the new empty folders, then ends the
// process by `sig` (on whichever thread calls it: the handler's, or the last section's).
static void die(int sig) {
  for (int i = 0; i < CHILD_SLOTS; i++) {
    int pid = atomic_load(&children[i]);
    if (pid > 0) kill(pid, SIGKILL);
  }
  for (int i = 0; i < SLOTS; i++) {
    if (atomic_load(&states[i]) == LIVE) {
      char *path = atomic_load(&paths[i]);
      if (path) unlink(path);
    }
  }
  for (int i = FOLDER_SLOTS - 1; i >= 0; i--) {
    if (atomic_load(&folder_states[i]) == LIVE) {
      char *path = atomic_load(&folder_paths[i]);
      if (path) rmdir(path);
    }
  }
  signal(sig, SIG_DFL);
  // The signal is blocked while its handler runs, and on threads that block most signals (a
  // worker's, where a section may end): unblock it on this thread, so that raising it ends us.
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, sig);
  sigprocmask(SIG_UNBLOCK, &set, NULL);
  raise(sig);
  // As PID 1 (a container's init) the default action of a signal is ignored: end anyway.
  _exit(128 + sig);
}

void animplot_temporaries_install(void) {
  // A file-size limit (ulimit -f) passed by a write: ignored, so that the write fails with
  // EFBIG, reported as the output's error, and its temporary file is removed.
  signal(SIGXFSZ, SIG_IGN);
  const int signals[] = {SIGINT, SIGTERM, SIGHUP};
  sigset_t handled;
  sigemptyset(&handled);
  for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
    struct sigaction old;
    if (sigaction(signals[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN) continue;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    sigaction(signals[i], &action, NULL);
    sigaddset(&handled, signals[i]);
  }
  // A parent that blocks them (a thread pool's worker starting animplot passes its mask on)
  // would leave a long run, or a server, deaf to Ctrl-C and SIGTERM: those handled are let
  // through. Ignored ones (nohup, a shell's background job) stay ignored.
  sigprocmask(SIG_UNBLOCK, &handled, NULL);
}

void animplot_signals_hold(void) {
  for (;;) {
    // The process is ending: this thread makes nothing more and waits for the end.
    while (atomic_load(&dying)) pause();
    atomic_fetch_add(&held, 1);
    if (!atomic_load(&dying)) return;
    // The handler started meanwhile: back out (the last section out raises its signal).
    animplot_signals_release();
  }
}

void animplot_signals_release(void) {
  if (atomic_fetch_sub(&held, 1) != 1) return;
  int sig = atomic_exchange(&pending, 0);
  // Not raise(): this thread may block the signal, which would then wait on it for good.
  if (sig != 0) die(sig);
}

static int add(atomic_int *states, _Atomic(char *) *paths, size_t *sizes, int count, const char *path) {
  size_t length = strlen(path) + 1;
  for (int i = 0; i < count; i++) {
    int expected = FREE;
    if (!atomic_compare_exchange_strong(&states[i], &expected, BUSY)) continue;
    if (sizes[i] < length) {
      size_t size = length < 256 ? 256 : length;
      char *buffer = malloc(size);
      if (!buffer) {
        atomic_store(&states[i], FREE);
        return -1;
      }
      sizes[i] = size;
      atomic_store(&paths[i], buffer);
    }
    memcpy(atomic_load(&paths[i]), path, length);
    atomic_store(&states[i], LIVE);
    return i;
  }
  return -1;
}

static void remove_slot(atomic_int *states, int count, int slot) {
  if (slot < 0 || slot >= count) return;
  int expected = LIVE;
  if (atomic_compare_exchange_strong(&states[slot], &expected, BUSY)) atomic_store(&states[slot], FREE);
}

int animplot_temporary_add(const char *path) { return add(states, paths, sizes, SLOTS, path); }

void animplot_temporary_remove(int slot) { remove_slot(states, SLOTS, slot); }

int animplot_folder_add(const char *path) {
  return add(folder_states, folder_paths, folder_sizes, FOLDER_SLOTS, path);
}

void animplot_folder_remove(int slot) { remove_slot(folder_states, FOLDER_SLOTS, slot); }

int animplot_child_add(int pid) {
  for (int i = 0; i < CHILD_SLOTS; i++) {
    int expected = 0;
    if (atomic_compare_exchange_strong(&children[i], &expected, pid)) return i;
  }
  return -1;
}

int animplot_child_wait(int pid, int slot) {
  // Waited for without reaping it, then unlisted, then reaped: while listed, its process ID
  // cannot be another process's, which the handler would kill.
  siginfo_t info;
  while (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOWAIT) < 0 && errno == EINTR) {}
  if (slot >= 0 && slot < CHILD_SLOTS) atomic_store(&children[slot], 0);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return -1;
  }
  return status;
}

int animplot_child_limit_processor(int pid, int seconds) {
#ifdef __linux__
  // SIGXCPU at the limit (which says why it ended), SIGKILL a second later if it goes on;
  // no core file either way.
  struct rlimit core = {0, 0};
  struct rlimit cpu = {(rlim_t)seconds, (rlim_t)seconds + 1};
  if (prlimit(pid, RLIMIT_CORE, &core, NULL) != 0) return -1;
  return prlimit(pid, RLIMIT_CPU, &cpu, NULL);
#else
  (void)pid;
  (void)seconds;
  errno = ENOSYS;
  return -1;
#endif
}
