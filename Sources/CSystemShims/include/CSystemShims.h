#ifndef RESULTBUNDLE_CSYSTEMSHIMS_H
#define RESULTBUNDLE_CSYSTEMSHIMS_H

/// Atomically swaps the files at `first` and `second` (Linux `renameat2` with `RENAME_EXCHANGE`). Returns 0, or -1
/// with `errno` set; `ENOSYS` or `EINVAL` where the system or the file system cannot swap.
int rb_exchange_paths(const char *first, const char *second);

#endif
