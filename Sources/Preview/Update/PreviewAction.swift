/// What a key does. The key table maps keys to actions; ``PreviewUpdate`` performs them.
public enum PreviewAction: String, Sendable, Equatable, CaseIterable {
  /// Quit the previewer.
  case quit
  /// Open (or close) the help screen.
  case help
  /// Go back: close a tool, or return to the previous screen.
  case back
  /// Activate the focused item (or choose the highlighted row).
  case activate
  /// Move focus to the next focusable item.
  case focusNext
  /// Move focus to the previous focusable item.
  case focusPrevious
  /// Switch to the next loaded locale.
  case cycleLocale
  /// Open the locale picker.
  case pickLocale
  /// Set the selected context attribute to its next value.
  case cycleContextValue
  /// Select the next context attribute the project declares.
  case selectContextAttribute
  /// Toggle a boolean attribute or feature flag (the selected one, else the first).
  case toggleFlag
  /// Switch to the next screen.
  case nextScreen
  /// Open the context `key=value` editor.
  case editContext
  /// Switch to the next currency.
  case cycleCurrency
  /// Switch to the next time zone.
  case cycleTimeZone
  /// Run an OTA check now.
  case refresh
  /// Toggle inspect mode.
  case toggleInspect
  /// Open the diagnostics panel.
  case showDiagnostics
  /// Open the events log.
  case showEvents
  /// Move the selection down.
  case selectNext
  /// Move the selection up.
  case selectPrevious
  /// Move the selection a page down.
  case pageDown
  /// Move the selection a page up.
  case pageUp
  /// Move to the first row (or the top of the screen).
  case first
  /// Move to the last row (or the bottom of the screen).
  case last
  /// Cycle the diagnostics level filter.
  case cycleFilter
  /// Expand or collapse the selected diagnostic's details.
  case toggleDetails
  /// Clear the diagnostics list.
  case clearDiagnostics
  /// Hide or show DEBUG diagnostics.
  case toggleDebug
  /// Write the diagnostics and events as JSON.
  case export
  /// Open (or close) the message browser.
  case showMessages
  /// Start typing a search in the message browser.
  case searchMessages
  /// Cycle the message browser's filter.
  case cycleMessageFilter
  /// Show (or hide) a second locale side by side in the message browser.
  case toggleCompare
  /// Switch the message browser's compare locale to the next loaded locale.
  case cycleCompareLocale
  /// Open (or close) the selected message's detail.
  case toggleMessageDetail
  /// Select the first row.
  case selectFirst
  /// Select the last row.
  case selectLast
  // Search and copy (`mouse` branch).
  /// Start typing a `/` search in the view on display.
  case search
  /// Go to the next match of the search.
  case searchNext
  /// Go to the previous match of the search.
  case searchPrevious
  /// Copy the key under the cursor (a diagnostic or event: its whole text).
  case copyKey
  /// Copy the text under the cursor.
  case copyText
  /// Select the next string on the screen (the inspect cursor, as a click does).
  case nextString
  /// Select the previous string on the screen.
  case previousString
  /// Open the currency picker.
  case pickCurrency
  /// Open the time zone picker.
  case pickTimeZone
  /// Open the set picker (projects whose config enables sets).
  case pickSet
  /// Start typing a filter in a picker.
  case filterPicker
  /// Edit the text being typed (the ``LineEditor`` keys; a text field takes them before the
  /// key table, which lists them for the help screen).
  case editText
  /// Show the selected message in every locale of the target (`a`).
  case showAllLocales
  /// Mark the selected translation reviewed (`R`, in the message browser and the all-locales
  /// view).
  case markReviewed
  /// Publish the selected string's current text for the active locale to the local OTA site
  /// (`U`).
  case publishString
  /// Edit the selected string's translation in place (`E`).
  case editTranslation
  /// Undo the last save of the translation editor (`u`).
  case undoSave
  /// Open the selected string's source file in `$VISUAL`/`$EDITOR` (`o`).
  case openSource
}
