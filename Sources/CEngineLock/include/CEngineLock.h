#ifndef CENGINELOCK_H
#define CENGINELOCK_H
/*
 * The engine's recursive lock (Messagevisor's RecursiveLock): one per root instance, taken by
 * every translate call.
 *
 * On Linux it is a futex word plus an owner and a depth: taking it uncontended is one
 * compare-and-swap and releasing it one exchange, written inline into the caller (a recursive
 * pthread mutex costs two library calls that check the mutex kind and the owner: about 70
 * instructions per translate call). A waiter sleeps in the kernel (FUTEX_WAIT), never spins.
 * Elsewhere it wraps a recursive pthread mutex.
 *
 * Recursion: the owning thread may take it again (listeners and module hooks re-enter the
 * engine); each lock is paired with one unlock by the same thread.
 */
#include <pthread.h>
#include <stdint.h>

#if defined(__linux__)
#include <stdatomic.h>

typedef struct {
  /* 0: free; 1: held, nobody waits; 2: held, a thread may be waiting. */
  _Atomic uint32_t state;
  /* The holder's pthread_self(), 0 when free. Read relaxed by any thread: it can equal the
   * reader's own identity only if the reader stored it (and still holds the lock). */
  _Atomic uintptr_t owner;
  /* How many times the holder has taken it (touched by the holder only). */
  uint32_t depth;
} cengine_lock;

/* Waits until the lock is free and takes it, marking it contended (out of line). */
void cengine_lock_wait(cengine_lock *lock);
/* Wakes one waiter (out of line). */
void cengine_lock_wake(cengine_lock *lock);

static inline void cengine_lock_init(cengine_lock *lock) {
  atomic_init(&lock->state, 0);
  atomic_init(&lock->owner, 0);
  lock->depth = 0;
}

static inline void cengine_lock_destroy(cengine_lock *lock) { (void)lock; }

static inline void cengine_lock_lock(cengine_lock *lock) {
  uintptr_t self = (uintptr_t)pthread_self();
  if (atomic_load_explicit(&lock->owner, memory_order_relaxed) == self) {
    lock->depth += 1;
    return;
  }
  uint32_t expected = 0;
  if (!atomic_compare_exchange_strong_explicit(
        &lock->state, &expected, 1, memory_order_acquire, memory_order_relaxed)) {
    cengine_lock_wait(lock);
  }
  atomic_store_explicit(&lock->owner, self, memory_order_relaxed);
  lock->depth = 1;
}

static inline void cengine_lock_unlock(cengine_lock *lock) {
  lock->depth -= 1;
  if (lock->depth != 0) return;
  atomic_store_explicit(&lock->owner, 0, memory_order_relaxed);
  if (atomic_exchange_explicit(&lock->state, 0, memory_order_release) == 2) {
    cengine_lock_wake(lock);
  }
}

#else

typedef struct {
  pthread_mutex_t mutex;
} cengine_lock;

static inline void cengine_lock_init(cengine_lock *lock) {
  pthread_mutexattr_t attributes;
  pthread_mutexattr_init(&attributes);
  pthread_mutexattr_settype(&attributes, PTHREAD_MUTEX_RECURSIVE);
  pthread_mutex_init(&lock->mutex, &attributes);
  pthread_mutexattr_destroy(&attributes);
}

static inline void cengine_lock_destroy(cengine_lock *lock) { pthread_mutex_destroy(&lock->mutex); }
static inline void cengine_lock_lock(cengine_lock *lock) { pthread_mutex_lock(&lock->mutex); }
static inline void cengine_lock_unlock(cengine_lock *lock) { pthread_mutex_unlock(&lock->mutex); }

#endif

#endif
