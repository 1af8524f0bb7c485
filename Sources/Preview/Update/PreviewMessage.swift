import Foundation
import TerminalUI

/// Everything that can happen to the previewer.
public enum PreviewMessage: Sendable, Equatable {
  /// The user pressed a key.
  case key(Key)
  /// The terminal changed size (columns, rows).
  case resize(width: Int, height: Int)
  /// The engine emitted an event (the runtime forwards `change` and `error`).
  case engineEvent(EngineEventInfo)
  /// The engine reported a diagnostic.
  case diagnostic(DiagnosticEntry)
  /// The runtime resolved the visible strings again.
  case contentResolved(PreviewContent)
  /// The OTA client emitted a revision (always means "rebind").
  case otaRevision(Int, at: Date)
  /// A manual check moved to another phase.
  case checkPhase(RefreshPhase)
  /// A check (manual or periodic) started.
  case checkStarted(manual: Bool)
  /// A check finished.
  case checkFinished(CheckOutcome)
  /// An engine call failed (e.g. `setLocale` without a datafile): shown as a notice.
  case failure(String)
  /// A failure posted earlier was fixed (the project builds again): its notice clears when the
  /// status bar still shows it.
  case failureResolved(String)
  /// The runtime resolved every message for the browser.
  case messagesResolved(MessageIndex)
  /// The project was reloaded (datafiles, screens or attributes changed); the text says what.
  case sourcesChanged(String)
  /// Time passed (drives the spinner).
  case tick
  /// A mouse click or wheel turn at a cell of the frame on display.
  case mouse(MouseEvent)
  /// The terminal could not take a copy: show the text for copying by hand.
  case showCopy(String)
  /// The runtime's answer to a translation editor effect.
  case translationEditor(TranslationEditorEvent)
}
