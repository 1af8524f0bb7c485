#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H
/* SwiftPM drops pkg-config's -D_XOPEN_SOURCE=600; without NCURSES_WIDECHAR, get_wch and wint_t
   are missing. */
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <wchar.h>
#if __has_include(<ncursesw/curses.h>)
#include <ncursesw/curses.h>
#else
#include <curses.h>
#endif
#endif
