#ifndef CTERMINAL_SHIM_H
#define CTERMINAL_SHIM_H
/*
 * A tiny C shim around ncursesw for what Swift 6 cannot import or use directly: stdscr-based
 * macros, attribute constants, LINES/COLS, and async-signal-safe signal handling that restores
 * the terminal. The header deliberately includes no ncurses or ICU headers.
 */
#include <stddef.h>
#include <wchar.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Result of cterm_begin. */
enum {
  CTERM_OK = 0,
  CTERM_ERR_NOT_A_TTY = -1,
  CTERM_ERR_NEWTERM = -2,
  CTERM_ERR_ACTIVE = -3
};

/* Pending-signal bits reported by cterm_take_signals. */
enum {
  CTERM_SIG_INT = 1,
  CTERM_SIG_TERM = 2,
  CTERM_SIG_HUP = 4,
  CTERM_SIG_TSTP = 8 /* Ctrl-Z: call cterm_suspend */
};

/* Kinds of cterm_key_result.status. */
enum {
  CTERM_KEY_NONE = 0,   /* no input available (or end of input, see error) */
  CTERM_KEY_CHAR = 1,   /* value is a Unicode scalar */
  CTERM_KEY_CODE = 2    /* value is a curses KEY_* code */
};

typedef struct {
  int status;
  unsigned int value;
  int error; /* errno after ERR, 0 otherwise */
} cterm_key_result;

/* Starts curses on stdin/stdout with newterm (never initscr): cbreak, noecho, nonl, keypad,
   hidden cursor, ESC delay, XON/XOFF flow control off (IXON, IXOFF: Ctrl-S would stop the
   output and block every later write; the shell's modes come back on cterm_end and while
   suspended). Saves the original terminal modes for emergency restore.
   `use_colors` 0 skips start_color. Returns CTERM_OK or a CTERM_ERR_* value. */
int cterm_begin(int use_colors, int escape_delay_ms);
/* Leaves curses (endwin) and restores the terminal; safe to call twice. */
void cterm_end(void);
/* Whether curses is active. */
int cterm_is_active(void);

/* Number of colours (0 when the terminal has none or colours were not started). */
int cterm_colors(void);
/* Number of colour pairs. */
int cterm_color_pairs(void);
/* init_pair; -1 means the terminal's default colour. Returns 0 on success. */
int cterm_init_pair(short pair, short fg, short bg);

/* Current screen size in rows/columns (after KEY_RESIZE it is the new size). */
void cterm_size(int *rows, int *cols);

/* attr_t bits for the given attributes. */
unsigned int cterm_attr_bits(int bold, int dim, int reverse, int underline);
/* Writes `count` wide characters at (y, x) with attributes and colour pair (on stdscr). */
void cterm_put(int y, int x, const wchar_t *text, int count, unsigned int attrs, short pair);
/* Forces the next refresh to repaint the whole terminal (after a resize). */
void cterm_clear_all(void);
/* Sends pending changes to the terminal. */
void cterm_refresh(void);

/* Waits up to timeout_ms (negative: forever) for input on the terminal.
   Returns 1 readable, 0 timed out, -1 interrupted by a signal, -2 hung up/error, -3 woken by
   cterm_wake. */
int cterm_wait_input(int timeout_ms);
/* Wakes a thread blocked in cterm_wait_input (callable from any thread or a signal handler). */
void cterm_wake(void);
/* Reads one key without blocking (get_wch in nodelay mode). */
cterm_key_result cterm_read_key(void);
/* wcwidth of the C library under the current locale (-1: not printable). */
int cterm_wcwidth(wchar_t c);
/* Key codes Swift cannot import reliably (function-like macros). */
int cterm_key_f0(void);

/* Kinds reported by cterm_read_mouse. */
enum {
  CTERM_MOUSE_NONE = 0,
  CTERM_MOUSE_PRESS = 1,    /* button 1-3 pressed (or clicked) */
  CTERM_MOUSE_RELEASE = 2,  /* button 1-3 released */
  CTERM_MOUSE_WHEEL_UP = 3,
  CTERM_MOUSE_WHEEL_DOWN = 4
};

typedef struct {
  int kind;   /* CTERM_MOUSE_* */
  int button; /* 1-3 for press/release, 0 otherwise */
  int x;      /* column, 0-based */
  int y;      /* row, 0-based */
} cterm_mouse_result;

/* Enables mouse reporting (button presses, releases and the wheel) through mousemask. ncurses
   picks the protocol from the terminfo entry: SGR 1006 when its XM capability names 1006 (xterm
   and most modern terminals), else the X10 1000 encoding. Adds the sequence that turns reporting
   off to the emergency reset. Returns 1 when the terminal reports mouse events, 0 otherwise. */
int cterm_enable_mouse(void);
/* Whether mouse reporting is on. */
int cterm_mouse_enabled(void);
/* The curses KEY_MOUSE code. */
int cterm_key_mouse(void);
/* Reads the pending mouse event after get_wch reported KEY_MOUSE (getmouse). */
cterm_mouse_result cterm_read_mouse(void);
/* Writes an OSC 52 clipboard request (ESC ] 52 ; c ; <base64> ESC \) to the terminal after
   flushing curses' output. `base64` must hold only base64 characters (checked; anything else is
   refused). Returns 0 on success. */
int cterm_write_clipboard(const char *base64, size_t length);

/* Installs handlers: SIGINT/SIGTERM/SIGHUP set pending bits (a second SIGINT before the first is
   taken restores the terminal and exits 130); SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE, SIGTRAP,
   SIGQUIT restore the terminal and re-raise. SIGHUP arms a watchdog (setitimer, SIGALRM) that
   restores the terminal and _exits with 128 + the signal after `hangup_grace_ms` (0: no
   watchdog) if the program has not exited by then, even while its main thread is blocked in a
   write() to the terminal; SIGTERM arms it with the smaller of `hangup_grace_ms` and 500 ms;
   SIGINT too, and cterm_take_signals disarms it when it hands the SIGINT to the program in time. */
void cterm_install_signal_handlers(int hangup_grace_ms);
/* Suspends the process as a job-control stop (Ctrl-Z) would: leaves curses (shell modes, mouse
   reporting off), stops with SIGTSTP's default action, and on SIGCONT restores curses and repaints
   every cell. Returns 1, or 0 without stopping when SIGTSTP is not ours (a parent ignores it).
   cterm_begin installs the SIGTSTP handler that reports CTERM_SIG_TSTP; curses' own handler is
   then not used, so a Ctrl-Z during a refresh is not lost. */
int cterm_suspend(void);
/* Leaves curses for a child program that takes the terminal (an external editor): cursor shown,
   shell modes (flow control included), mouse reporting off, alternate screen left. */
void cterm_leave(void);
/* Comes back after cterm_leave: program modes restored and every cell repainted. */
void cterm_return(void);
/* Returns and clears the pending CTERM_SIG_* bits (a SIGINT's watchdog is disarmed). */
unsigned int cterm_take_signals(void);
/* Arms the hangup watchdog now (when end of input was detected without SIGHUP). */
void cterm_arm_hangup_watchdog(void);
/* Async-signal-safe best-effort restore: writes the saved reset sequence and restores the saved
   termios. */
void cterm_emergency_restore(void);

/* Looks `term` up in the terminfo database without starting curses (setupterm with an error
   pointer, so nothing is printed) and reports whether it has cursor addressing (`cup`) and a
   clear-screen string (`clear`). Returns setupterm's status: 1 found, 0 unknown to terminfo (or
   a generic entry with too little information), -1 no terminfo database; CTERM_ERR_ACTIVE while
   a screen is active. The terminfo entry is released before returning; lookups from several
   threads take turns. */
int cterm_terminfo_check(const char *term, int *has_cup, int *has_clear);

#ifdef __cplusplus
}
#endif
#endif
