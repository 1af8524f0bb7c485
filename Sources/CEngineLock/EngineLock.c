#include "CEngineLock.h"

#if defined(__linux__)
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

void cengine_lock_wait(cengine_lock *lock) {
  /* Drepper's mutex ("Futexes Are Tricky", mutex 2): mark the word contended; whoever releases
   * a contended lock wakes one waiter, which marks it contended again when it takes it. */
  while (atomic_exchange_explicit(&lock->state, 2, memory_order_acquire) != 0) {
    syscall(SYS_futex, &lock->state, FUTEX_WAIT_PRIVATE, 2, NULL, NULL, 0);
  }
}

void cengine_lock_wake(cengine_lock *lock) {
  syscall(SYS_futex, &lock->state, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}
#endif
