/*
 * Runs before Rust's runtime, which reopens a standard stream closed at start (`>&-`)
 * as /dev/null read-write; afterwards nothing tells it from a /dev/null given on purpose
 * (`1<>/dev/null`, Python's subprocess.DEVNULL), where the output must go. So a closed
 * standard output is reopened here first, as /dev/null read-only: the runtime leaves an
 * open descriptor alone, and output.rs refuses a standard output it cannot write.
 * (Linux only; built and linked into the binary by build.rs.)
 */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

__attribute__((constructor, used)) static void backtrack_mark_closed_stdout(void) {
    if (fcntl(STDOUT_FILENO, F_GETFD) != -1 || errno != EBADF) {
        return;
    }
    /* The lowest free descriptor: 1, or 0 if standard input is closed too. */
    int fd = open("/dev/null", O_RDONLY);
    if (fd == -1 || fd == STDOUT_FILENO) {
        return;
    }
    dup2(fd, STDOUT_FILENO);
    close(fd);
}
