#ifndef RESULTBUNDLE_CSYSTEMSHIMS_H
#define RESULTBUNDLE_CSYSTEMSHIMS_H

/// Atomically swaps the files at `first` and `second` (Linux `renameat2` with `RENAME_EXCHANGE`). Returns 0, or -1
/// with `errno` set; `ENOSYS` or `EINVAL` where the system or the file system cannot swap.
int rb_exchange_paths(const char *first, const char *second);

/// Catches each of `signals` with a handler that writes the signal's number, as one byte, to a pipe, and returns
/// the pipe's read end (or -1). A caught signal's handler is reset to the default in programs this one starts,
/// unlike an ignored signal, which they would inherit.
int rb_signals_to_pipe(const int *signals, int count);

/// Catches `number` with a handler that does nothing, so a write to a closed pipe fails with EPIPE instead of
/// killing the process, while programs this one starts still get the default action. Returns 0 or -1.
int rb_survive_signal(int number);

/// Sets a pipe's buffer size (Linux `F_SETPIPE_SZ`); returns the new size or -1.
int rb_set_pipe_size(int descriptor, int size);

/// Makes every allocation of `bytes` or more a mapping of its own, unmapped when freed, from now on (glibc
/// `mallopt(M_MMAP_THRESHOLD)`, which also stops glibc raising that threshold by itself). Returns 1, or 0 where the
/// C library has no such setting.
int rb_map_allocations_from(unsigned long bytes);

/// Whether the allocation at `pointer` (from `malloc`) is mapped on its own; 0 where the C library cannot tell.
int rb_is_mapped_on_its_own(const void *pointer);

#endif
