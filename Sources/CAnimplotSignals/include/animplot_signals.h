#ifndef ANIMPLOT_SIGNALS_H
#define ANIMPLOT_SIGNALS_H

/// Temporary files to remove if the process is ended by SIGINT, SIGTERM or SIGHUP.
///
/// A signal handler may only call async-signal-safe functions, so the list lives here, in C:
/// `animplot_temporary_add` copies a path into a free slot, `animplot_temporary_remove` frees
/// it, and the handler unlinks every listed path, then ends the process by the same signal.

/// Installs the handler for SIGINT, SIGTERM and SIGHUP (those not ignored).
void animplot_temporaries_install(void);

/// Begins a section in which a signal that the handler acts on is held until the section
/// ends: around making something that can only be listed once made (a child process, a file
/// with a unique name), so that a signal in between finds it listed. Sections run on several
/// threads (one at a time on each: they must not nest); the last one to end acts on the signal. Once the handler has
/// started, a thread that would begin a section waits for the process to end instead, so that
/// nothing is made after the handler has removed what was listed. Keep sections short.
void animplot_signals_hold(void);

/// Ends a section begun by `animplot_signals_hold`; the last to end raises a held signal.
void animplot_signals_release(void);

/// Lists `path`; returns its slot, or -1 when every slot is taken (it is then not removed on
/// a signal).
int animplot_temporary_add(const char *path);

/// Unlists the path of `slot` (a negative slot is ignored).
void animplot_temporary_remove(int slot);

// A folder made for outputs, removed (when empty) by the handler; innermost added last.
int animplot_folder_add(const char *path);

void animplot_folder_remove(int slot);

/// A program started and waited for, killed (SIGKILL) by the handler, before the temporary
/// files are removed, if a signal ends this process meanwhile. Returns its slot, or -1 when
/// every slot is taken.
int animplot_child_add(int pid);

/// Waits for the child `pid` listed in `slot` (-1: not listed) to end, unlists it, then reaps
/// it; returns its wait status, or -1 when it cannot be waited for.
int animplot_child_wait(int pid, int slot);

/// Limits the processor time of the child `pid` to `seconds` (SIGXCPU then, SIGKILL a second
/// later) and forbids it core files. Linux only (prlimit); elsewhere -1 with errno ENOSYS.
int animplot_child_limit_processor(int pid, int seconds);

#endif
