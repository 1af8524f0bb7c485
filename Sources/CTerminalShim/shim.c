#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE 1
#include "CTerminalShim.h"

#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#if __has_include(<ncursesw/curses.h>)
#include <ncursesw/curses.h>
#include <ncursesw/term.h>
#else
#include <curses.h>
#include <term.h>
#endif

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <termios.h>
#include <unistd.h>

static SCREEN *active_screen = NULL;
static int input_fd = 0;
static int output_fd = 1;

static struct termios saved_modes;
static volatile sig_atomic_t have_saved_modes = 0;
static char reset_sequence[256];
static volatile sig_atomic_t reset_length = 0;
static volatile sig_atomic_t curses_active = 0;
static int mouse_on = 0;

static volatile sig_atomic_t pending_signals = 0;
static volatile sig_atomic_t hangup_grace = 0;
static volatile sig_atomic_t watchdog_armed = 0;
static int handlers_installed = 0;
/* Self-pipe: signal handlers write a byte so that a poll() on the main thread wakes up even when
   the signal was delivered to another thread. */
static int wake_pipe[2] = {-1, -1};
static struct sigaction previous_winch;
/* Ctrl-Z: our handler instead of curses' (see cterm_begin); 1 while it is installed. */
static volatile sig_atomic_t own_suspend = 0;
static struct sigaction suspend_action;

static void wake_main_loop(void) {
  if (wake_pipe[1] >= 0) {
    int saved = errno;
    ssize_t ignored = write(wake_pipe[1], "s", 1);
    (void)ignored;
    errno = saved;
  }
}

void cterm_wake(void) {
  if (wake_pipe[1] >= 0) {
    int saved = errno;
    ssize_t ignored = write(wake_pipe[1], "w", 1);
    (void)ignored;
    errno = saved;
  }
}

static void on_winch(int sig) {
  /* Chain to curses' own SIGWINCH handler (it makes get_wch report KEY_RESIZE). */
  if (previous_winch.sa_handler != SIG_DFL && previous_winch.sa_handler != SIG_IGN &&
      previous_winch.sa_handler != NULL) {
    previous_winch.sa_handler(sig);
  }
  wake_main_loop();
}

/* SIGTSTP (Ctrl-Z): only noted; the main loop suspends (cterm_suspend) when it takes the bit. */
static void on_tstp(int sig) {
  (void)sig;
  pending_signals |= CTERM_SIG_TSTP;
  wake_main_loop();
}

/* Installs on_tstp when SIGTSTP has its default action (a job-control shell; a parent that
   ignores it keeps it ignored). Done before newterm, because curses leaves alone a handler it
   finds installed. Its own handler is not used: curses sets SIGTSTP to SIG_IGN during every
   refresh, so a Ctrl-Z pressed while a frame was being written was discarded. */
static void install_suspend_handler(void) {
  if (own_suspend) return;
  struct sigaction current;
  if (sigaction(SIGTSTP, NULL, &current) != 0 || current.sa_handler != SIG_DFL) return;
  memset(&suspend_action, 0, sizeof(suspend_action));
  sigemptyset(&suspend_action.sa_mask);
  suspend_action.sa_handler = on_tstp;
  suspend_action.sa_flags = SA_RESTART;
  if (sigaction(SIGTSTP, &suspend_action, NULL) == 0) own_suspend = 1;
}

static void default_tstp_action(void) {
  struct sigaction fallback;
  memset(&fallback, 0, sizeof(fallback));
  sigemptyset(&fallback.sa_mask);
  fallback.sa_handler = SIG_DFL;
  sigaction(SIGTSTP, &fallback, NULL);
}

static void remove_suspend_handler(void) {
  if (!own_suspend) return;
  default_tstp_action();
  own_suspend = 0;
}

int cterm_suspend(void) {
  if (!own_suspend) return 0;
  if (active_screen != NULL) {
    curs_set(1);
    endwin(); /* shell modes, mouse reporting off, alternate screen left */
  }
  fflush(stdout);
  default_tstp_action();
  sigset_t unblock, previous;
  sigemptyset(&unblock);
  sigaddset(&unblock, SIGTSTP);
  sigprocmask(SIG_UNBLOCK, &unblock, &previous);
  /* Unblocked in this thread, so it is delivered before kill returns: the process stops here and
     continues on SIGCONT (fg). */
  kill(getpid(), SIGTSTP);
  sigprocmask(SIG_SETMASK, &previous, NULL);
  sigaction(SIGTSTP, &suspend_action, NULL);
  if (active_screen != NULL) {
    /* The first refresh after endwin restores program modes and mouse reporting; clearok
       repaints every cell, whatever the shell left on the terminal. */
    clearok(curscr, TRUE);
    refresh();
    curs_set(0);
  }
  return 1;
}

void cterm_leave(void) {
  if (active_screen != NULL) {
    curs_set(1);
    endwin();
  }
  fflush(stdout);
}

void cterm_return(void) {
  if (active_screen == NULL) return;
  clearok(curscr, TRUE);
  refresh();
  curs_set(0);
}

static void append_cap(const char *name) {
  char *value = tigetstr((char *)name);
  if (value == NULL || value == (char *)-1) return;
  size_t len = strlen(value);
  if ((size_t)reset_length + len >= sizeof(reset_sequence)) return;
  memcpy(reset_sequence + reset_length, value, len);
  reset_length += (sig_atomic_t)len;
}

static void restore_at_exit(void) { cterm_end(); }

/* Sequences terminals send for Home/End/Shift-Tab that the terminfo entry in use may not list
   (e.g. TERM=xterm-256color inside tmux or screen, which send ESC [1~ and ESC [4~). */
static void define_common_keys(void) {
#if defined(NCURSES_EXT_FUNCS)
  static const struct {
    const char *sequence;
    int code;
  } keys[] = {
      {"\033[1~", KEY_HOME}, {"\033[7~", KEY_HOME}, {"\033[H", KEY_HOME}, {"\033OH", KEY_HOME},
      {"\033[4~", KEY_END},  {"\033[8~", KEY_END},  {"\033[F", KEY_END},  {"\033OF", KEY_END},
      {"\033[Z", KEY_BTAB},  {"\033[3~", KEY_DC},   {"\033[2~", KEY_IC},
      {"\033[5~", KEY_PPAGE}, {"\033[6~", KEY_NPAGE},
  };
  for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
    if (key_defined(keys[i].sequence) == 0) define_key(keys[i].sequence, keys[i].code);
  }
#endif
}

/* Turns off XON/XOFF flow control (IXON, IXOFF) while curses owns the terminal: with IXON a
   Ctrl-S stops the terminal's output, the next frame blocks in write() and the program can no
   longer react to anything (signals included) until Ctrl-Q. def_prog_mode records the modes as
   curses' program modes, so the refresh after a suspend (Ctrl-Z, fg) applies them again, while
   endwin (suspend, exit) restores the shell's modes, flow control included. */
static void disable_flow_control(void) {
  struct termios modes;
  if (tcgetattr(input_fd, &modes) != 0) return;
  modes.c_iflag &= ~(tcflag_t)(IXON | IXOFF);
  if (tcsetattr(input_fd, TCSANOW, &modes) == 0) def_prog_mode();
}

int cterm_begin(int use_colors, int escape_delay_ms) {
  static int registered_atexit = 0;
  if (active_screen != NULL) return CTERM_ERR_ACTIVE;
  input_fd = fileno(stdin);
  output_fd = fileno(stdout);
  if (!isatty(input_fd) || !isatty(output_fd)) return CTERM_ERR_NOT_A_TTY;
  if (tcgetattr(input_fd, &saved_modes) == 0) have_saved_modes = 1;
#if defined(NCURSES_VERSION_MAJOR) && \
    (NCURSES_VERSION_MAJOR > 5 || (NCURSES_VERSION_MAJOR == 5 && NCURSES_VERSION_MINOR >= 8))
  if (escape_delay_ms >= 0) set_escdelay(escape_delay_ms);
#else
  if (escape_delay_ms >= 0) ESCDELAY = escape_delay_ms;
#endif
  install_suspend_handler();
  active_screen = newterm(NULL, stdout, stdin);
  if (active_screen == NULL) {
    remove_suspend_handler();
    return CTERM_ERR_NEWTERM;
  }
  set_term(active_screen);
  reset_length = 0;
  append_cap("sgr0");
  append_cap("cnorm");
  append_cap("rmkx");
  append_cap("rmcup");
  cbreak();
  noecho();
  nonl();
  intrflush(stdscr, FALSE);
  keypad(stdscr, TRUE);
  define_common_keys();
  disable_flow_control();
  nodelay(stdscr, TRUE);
  leaveok(stdscr, TRUE);
  scrollok(stdscr, FALSE);
  curs_set(0);
  if (use_colors && has_colors()) {
    start_color();
    use_default_colors();
  }
  curses_active = 1;
  if (!registered_atexit) {
    registered_atexit = 1;
    atexit(restore_at_exit);
  }
  return CTERM_OK;
}

void cterm_end(void) {
  if (active_screen == NULL) return;
  curses_active = 0;
  if (mouse_on) {
    mousemask(0, NULL); /* sends the terminal's "mouse reporting off" sequence */
    mouse_on = 0;
  }
  curs_set(1);
  endwin();
  delscreen(active_screen);
  active_screen = NULL;
  if (have_saved_modes) tcsetattr(input_fd, TCSANOW, &saved_modes);
  remove_suspend_handler();
}

int cterm_is_active(void) { return active_screen != NULL; }

int cterm_colors(void) { return (active_screen != NULL && has_colors()) ? COLORS : 0; }
int cterm_color_pairs(void) { return (active_screen != NULL && has_colors()) ? COLOR_PAIRS : 0; }
int cterm_init_pair(short pair, short fg, short bg) { return init_pair(pair, fg, bg) == OK ? 0 : -1; }

void cterm_size(int *rows, int *cols) {
  int y = 0, x = 0;
  if (active_screen != NULL) getmaxyx(stdscr, y, x);
  if (rows) *rows = y;
  if (cols) *cols = x;
}

unsigned int cterm_attr_bits(int bold, int dim, int reverse, int underline) {
  attr_t bits = A_NORMAL;
  if (bold) bits |= A_BOLD;
  if (dim) bits |= A_DIM;
  if (reverse) bits |= A_REVERSE;
  if (underline) bits |= A_UNDERLINE;
  return (unsigned int)bits;
}

void cterm_put(int y, int x, const wchar_t *text, int count, unsigned int attrs, short pair) {
  if (active_screen == NULL) return;
  attr_set((attr_t)attrs, pair, NULL);
  mvaddnwstr(y, x, text, count);
}

void cterm_clear_all(void) {
  if (active_screen == NULL) return;
  clearok(curscr, TRUE);
}

void cterm_refresh(void) {
  if (active_screen == NULL) return;
  refresh();
}

int cterm_wait_input(int timeout_ms) {
  struct pollfd fds[2];
  fds[0].fd = input_fd;
  fds[0].events = POLLIN;
  fds[0].revents = 0;
  fds[1].fd = wake_pipe[0];
  fds[1].events = POLLIN;
  fds[1].revents = 0;
  int result = poll(fds, wake_pipe[0] >= 0 ? 2 : 1, timeout_ms);
  if (result < 0) return errno == EINTR ? -1 : -2;
  if (result == 0) return 0;
  struct pollfd pfd = fds[0];
  if (wake_pipe[0] >= 0 && (fds[1].revents & POLLIN)) {
    char drain[64];
    int woken = 0;
    ssize_t count;
    while ((count = read(wake_pipe[0], drain, sizeof(drain))) > 0) {
      for (ssize_t i = 0; i < count; i++) {
        if (drain[i] == 'w') woken = 1;
      }
    }
    if (!(pfd.revents & (POLLERR | POLLNVAL | POLLHUP))) return woken ? -3 : -1;
  }
  if (pfd.revents & (POLLERR | POLLNVAL)) return -2;
  if (pfd.revents & POLLIN) return 1;
  if (pfd.revents & POLLHUP) return -2;
  return 0;
}

cterm_key_result cterm_read_key(void) {
  cterm_key_result result = {CTERM_KEY_NONE, 0, 0};
  if (active_screen == NULL) return result;
  wint_t ch = 0;
  errno = 0;
  int status = get_wch(&ch);
  if (status == OK) {
    result.status = CTERM_KEY_CHAR;
    result.value = (unsigned int)ch;
  } else if (status == KEY_CODE_YES) {
    result.status = CTERM_KEY_CODE;
    result.value = (unsigned int)ch;
  } else {
    result.error = errno;
  }
  return result;
}

int cterm_wcwidth(wchar_t c) { return wcwidth(c); }

int cterm_key_f0(void) { return KEY_F0; }

/* ---- mouse ---- */

static void append_text(const char *text) {
  size_t len = strlen(text);
  if ((size_t)reset_length + len >= sizeof(reset_sequence)) return;
  memcpy(reset_sequence + reset_length, text, len);
  reset_length += (sig_atomic_t)len;
}

int cterm_enable_mouse(void) {
  if (active_screen == NULL) return 0;
  if (mouse_on) return 1;
  mmask_t wanted = BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED | BUTTON2_PRESSED |
                   BUTTON2_RELEASED | BUTTON3_PRESSED | BUTTON3_RELEASED | BUTTON4_PRESSED
#if defined(BUTTON5_PRESSED)
                   | BUTTON5_PRESSED
#endif
      ;
  mmask_t old = 0;
  mmask_t got = mousemask(wanted, &old);
  if (got == 0) return 0;
  /* Report presses at once: no waiting to fold a press and a release into a click. */
  mouseinterval(0);
  mouse_on = 1;
  /* The emergency reset (fatal signals, a second Ctrl-C, the hangup watchdog) turns reporting
     off too: every protocol the terminal may have been switched to. */
  append_text("\033[?1006l\033[?1002l\033[?1000l");
  return 1;
}

int cterm_mouse_enabled(void) { return mouse_on; }

int cterm_key_mouse(void) { return KEY_MOUSE; }

cterm_mouse_result cterm_read_mouse(void) {
  cterm_mouse_result result = {CTERM_MOUSE_NONE, 0, 0, 0};
  if (active_screen == NULL || !mouse_on) return result;
  MEVENT event;
  if (getmouse(&event) != OK) return result;
  result.x = event.x;
  result.y = event.y;
  mmask_t state = event.bstate;
  if (state & BUTTON4_PRESSED) {
    result.kind = CTERM_MOUSE_WHEEL_UP;
#if defined(BUTTON5_PRESSED)
  } else if (state & BUTTON5_PRESSED) {
    result.kind = CTERM_MOUSE_WHEEL_DOWN;
#endif
  } else if (state & (BUTTON1_PRESSED | BUTTON1_CLICKED)) {
    result.kind = CTERM_MOUSE_PRESS;
    result.button = 1;
  } else if (state & BUTTON2_PRESSED) {
    result.kind = CTERM_MOUSE_PRESS;
    result.button = 2;
  } else if (state & BUTTON3_PRESSED) {
    result.kind = CTERM_MOUSE_PRESS;
    result.button = 3;
  } else if (state & BUTTON1_RELEASED) {
    result.kind = CTERM_MOUSE_RELEASE;
    result.button = 1;
  } else if (state & BUTTON2_RELEASED) {
    result.kind = CTERM_MOUSE_RELEASE;
    result.button = 2;
  } else if (state & BUTTON3_RELEASED) {
    result.kind = CTERM_MOUSE_RELEASE;
    result.button = 3;
  }
  return result;
}

int cterm_write_clipboard(const char *base64, size_t length) {
  if (active_screen == NULL || base64 == NULL) return -1;
  for (size_t i = 0; i < length; i++) {
    char c = base64[i];
    int ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
             c == '+' || c == '/' || c == '=';
    if (!ok) return -1;
  }
  fflush(stdout);
  static const char head[] = "\033]52;c;";
  static const char tail[] = "\033\\";
  if (write(output_fd, head, sizeof(head) - 1) < 0) return -1;
  size_t done = 0;
  while (done < length) {
    ssize_t wrote = write(output_fd, base64 + done, length - done);
    if (wrote < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    done += (size_t)wrote;
  }
  if (write(output_fd, tail, sizeof(tail) - 1) < 0) return -1;
  return 0;
}

/* ---- signals ---- */

void cterm_emergency_restore(void) {
  if (!curses_active) return;
  curses_active = 0;
  int saved = errno;
  /* Output may be stopped (XOFF) or the terminal may not be reading: restart it and never block
     here (the file status flags are shared with the shell, so they are put back). */
  tcflow(output_fd, TCOON);
  if (reset_length > 0) {
    int flags = fcntl(output_fd, F_GETFL);
    if (flags >= 0) fcntl(output_fd, F_SETFL, flags | O_NONBLOCK);
    ssize_t ignored = write(output_fd, reset_sequence, (size_t)reset_length);
    (void)ignored;
    if (flags >= 0) fcntl(output_fd, F_SETFL, flags);
  }
  if (have_saved_modes) tcsetattr(input_fd, TCSANOW, &saved_modes);
  errno = saved;
}

/* The exit status the watchdog ends the process with (128 + the signal that armed it), and
   whether the main loop's taking of a SIGINT cancels it (a Ctrl-C the program handles need not
   end it; SIGTERM and SIGHUP always do). */
static volatile sig_atomic_t watchdog_status = 129;
static volatile sig_atomic_t watchdog_cancellable = 0;

static void on_alarm(int sig) {
  (void)sig;
  cterm_emergency_restore();
  _exit(watchdog_status);
}

static void set_timer(int milliseconds) {
  struct itimerval timer;
  memset(&timer, 0, sizeof(timer));
  timer.it_value.tv_sec = milliseconds / 1000;
  timer.it_value.tv_usec = (milliseconds % 1000) * 1000;
  setitimer(ITIMER_REAL, &timer, NULL);
}

/* Arms the watchdog: unless the process has exited within the grace period, restore the terminal
   and _exit(status). Only async-signal-safe calls (setitimer; on_alarm uses write, tcsetattr,
   fcntl, tcflow, _exit), so a main thread blocked in write() cannot keep the process alive. */
static void arm_watchdog(int status, int cancellable, int milliseconds) {
  if (hangup_grace <= 0) return;
  if (watchdog_armed && !watchdog_cancellable) return;
  watchdog_status = status;
  watchdog_cancellable = cancellable;
  watchdog_armed = 1;
  set_timer(milliseconds);
}

/* SIGTERM and SIGINT are someone asking now: at most half a second (SIGHUP: the whole grace). */
static int request_grace(void) { return hangup_grace < 500 ? hangup_grace : 500; }

void cterm_arm_hangup_watchdog(void) { arm_watchdog(128 + SIGHUP, 0, hangup_grace); }

static void on_request(int sig) {
  if (sig == SIGINT) {
    if (pending_signals & CTERM_SIG_INT) {
      /* A second Ctrl-C before the program handled the first: give the terminal back now. */
      cterm_emergency_restore();
      _exit(130);
    }
    pending_signals |= CTERM_SIG_INT;
    arm_watchdog(128 + SIGINT, 1, request_grace());
  } else if (sig == SIGTERM) {
    pending_signals |= CTERM_SIG_TERM;
    arm_watchdog(128 + SIGTERM, 0, request_grace());
  } else if (sig == SIGHUP) {
    pending_signals |= CTERM_SIG_HUP;
    arm_watchdog(128 + SIGHUP, 0, hangup_grace);
  }
  wake_main_loop();
}

static void on_fatal(int sig) {
  cterm_emergency_restore();
  signal(sig, SIG_DFL);
  raise(sig);
}

void cterm_install_signal_handlers(int hangup_grace_ms) {
  hangup_grace = hangup_grace_ms;
  if (handlers_installed) return;
  handlers_installed = 1;
  if (pipe(wake_pipe) == 0) {
    for (int i = 0; i < 2; i++) {
      fcntl(wake_pipe[i], F_SETFL, fcntl(wake_pipe[i], F_GETFL) | O_NONBLOCK);
      fcntl(wake_pipe[i], F_SETFD, FD_CLOEXEC);
    }
  } else {
    wake_pipe[0] = wake_pipe[1] = -1;
  }
  struct sigaction action;
  memset(&action, 0, sizeof(action));
  sigemptyset(&action.sa_mask);
  action.sa_handler = on_request;
  action.sa_flags = 0; /* no SA_RESTART: let poll() wake up */
  sigaction(SIGINT, &action, NULL);
  sigaction(SIGTERM, &action, NULL);
  sigaction(SIGHUP, &action, NULL);

  struct sigaction winch;
  memset(&winch, 0, sizeof(winch));
  sigemptyset(&winch.sa_mask);
  winch.sa_handler = on_winch;
  winch.sa_flags = 0;
  sigaction(SIGWINCH, &winch, &previous_winch);

  struct sigaction alarm_action;
  memset(&alarm_action, 0, sizeof(alarm_action));
  sigemptyset(&alarm_action.sa_mask);
  alarm_action.sa_handler = on_alarm;
  sigaction(SIGALRM, &alarm_action, NULL);

  struct sigaction fatal;
  memset(&fatal, 0, sizeof(fatal));
  sigemptyset(&fatal.sa_mask);
  fatal.sa_handler = on_fatal;
  fatal.sa_flags = SA_RESETHAND | SA_NODEFER;
  int fatal_signals[] = {SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE, SIGTRAP, SIGQUIT};
  for (size_t i = 0; i < sizeof(fatal_signals) / sizeof(fatal_signals[0]); i++) {
    sigaction(fatal_signals[i], &fatal, NULL);
  }
  /* Writing to a vanished terminal must not kill us silently before we restore. */
  signal(SIGPIPE, SIG_IGN);

  /* A parent may have started us with signals blocked (Foundation's Process does): unblock the
     ones we rely on, or a hangup would never be noticed. */
  sigset_t needed;
  sigemptyset(&needed);
  int needed_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGALRM, SIGCONT, SIGTSTP,
                          SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE, SIGTRAP, SIGQUIT};
  for (size_t i = 0; i < sizeof(needed_signals) / sizeof(needed_signals[0]); i++) {
    sigaddset(&needed, needed_signals[i]);
  }
  sigprocmask(SIG_UNBLOCK, &needed, NULL);
}

unsigned int cterm_take_signals(void) {
  sigset_t block, old;
  sigemptyset(&block);
  sigaddset(&block, SIGINT);
  sigaddset(&block, SIGTERM);
  sigaddset(&block, SIGHUP);
  sigaddset(&block, SIGTSTP);
  sigaddset(&block, SIGALRM);
  sigprocmask(SIG_BLOCK, &block, &old);
  unsigned int bits = (unsigned int)pending_signals;
  pending_signals = 0;
  if ((bits & CTERM_SIG_INT) && watchdog_armed && watchdog_cancellable) {
    /* The main loop took the Ctrl-C in time: it decides whether to quit. */
    set_timer(0);
    watchdog_armed = 0;
    watchdog_cancellable = 0;
  }
  sigprocmask(SIG_SETMASK, &old, NULL);
  return bits;
}

static int has_string_cap(const char *name) {
  char *value = tigetstr(name);
  return value != NULL && value != (char *)-1 && value[0] != 0;
}

/* setupterm and set_curterm change the process-wide cur_term: one lookup at a time. */
static pthread_mutex_t terminfo_lock = PTHREAD_MUTEX_INITIALIZER;

int cterm_terminfo_check(const char *term, int *has_cup, int *has_clear) {
  int status = 0;
  *has_cup = 0;
  *has_clear = 0;
  if (active_screen != NULL) return CTERM_ERR_ACTIVE;
  pthread_mutex_lock(&terminfo_lock);
  TERMINAL *previous = set_curterm(NULL);
  if (setupterm(term, fileno(stderr), &status) == OK) {
    *has_cup = has_string_cap("cup");
    *has_clear = has_string_cap("clear");
  }
  TERMINAL *looked_up = set_curterm(previous);
  if (looked_up != NULL && looked_up != previous) del_curterm(looked_up);
  pthread_mutex_unlock(&terminfo_lock);
  return status;
}
