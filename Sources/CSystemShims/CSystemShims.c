#define _GNU_SOURCE
#include "CSystemShims.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>

int rb_exchange_paths(const char *first, const char *second) {
#if defined(__linux__) && defined(RENAME_EXCHANGE)
    return renameat2(AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
#else
    (void)first;
    (void)second;
    errno = ENOSYS;
    return -1;
#endif
}

#include <signal.h>
#include <string.h>
#include <unistd.h>

static int rb_signal_write_end = -1;

// Async-signal-safe: one byte naming the signal, written to a non-blocking pipe.
static void rb_note_signal(int number) {
    int saved = errno;
    unsigned char byte = (unsigned char)number;
    ssize_t ignored = write(rb_signal_write_end, &byte, 1);
    (void)ignored;
    errno = saved;
}

static void rb_ignore_signal(int number) { (void)number; }

int rb_signals_to_pipe(const int *signals, int count) {
    int ends[2];
    if (pipe2(ends, O_CLOEXEC) != 0) return -1;
    fcntl(ends[1], F_SETFL, O_NONBLOCK);
    rb_signal_write_end = ends[1];
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = rb_note_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (int i = 0; i < count; i++) {
        if (sigaction(signals[i], &action, NULL) != 0) return -1;
    }
    return ends[0];
}

int rb_survive_signal(int number) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = rb_ignore_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    return sigaction(number, &action, NULL);
}

int rb_set_pipe_size(int descriptor, int size) {
#if defined(__linux__) && defined(F_SETPIPE_SZ)
    return fcntl(descriptor, F_SETPIPE_SZ, size);
#else
    (void)descriptor;
    (void)size;
    return -1;
#endif
}
