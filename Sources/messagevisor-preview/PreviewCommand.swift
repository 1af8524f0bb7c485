import CommandLineKit
import Foundation
import Messagevisor
import MessagevisorSystem
import Preview
import PreviewCLI
import ReRune
import TerminalSafety
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `messagevisor-preview` program: interactive mode, `--print`, `--help` and `publish`.
/// Argument handling, printing and exit codes live here, in the executable; the `Preview`
/// library only prepares, updates and renders.
enum PreviewCommand {
  /// Runs the program and returns the exit status: routes the arguments to a command type
  /// (`PreviewCommandLine`, `PublishCommandLine`, `GalleryCommandLine`), parses them into it and
  /// runs it with this executable's implementations.
  static func run(_ arguments: [String]) async -> Int32 {
    let route = PreviewCommandLine.route(arguments)
    let programs = PreviewPrograms(
      preview: { await preview($0, modules: PreviewLauncher.defaultModules()) },
      gallery: { await GalleryCommand.run($0) },
      publish: { publish($0) },
      write: { FileHandle.standardOutput.write(Data($0.utf8)) })
    do {
      switch try route.parse() {
      case .help(let spec):
        print(spec.helpText)
        return 0
      case .command(let command):
        guard var command = command as? any AsyncRunnableCommand<PreviewPrograms> else {
          return 64
        }
        return try await command.run(programs)
      }
    } catch {
      printError("\(route.spec.fullName): \(PreviewOptionsError(error).description)")
      return 64
    }
  }

  /// Starts live editing of the project `prepared` loaded (``ProjectLiveReload``) and hands it to
  /// `live`; says why when it cannot watch.
  static func startWatching(
    options: PreviewOptions, prepared: PreviewLauncher.Prepared, paths: DemoPaths,
    session: PreviewSession, inbox: PreviewInbox, waker: ScreenWaker, into live: LiveReloadHolder
  ) {
    do {
      live.keep(
        try ProjectLiveReload(
          project: prepared.project.path, target: prepared.project.target,
          set: prepared.project.set,
          implicitTarget: prepared.project.target == PreviewProjectLoader.implicitTarget,
          loaded: prepared.project.liveBuild, session: session, wake: { waker.wake() }))
    } catch {
      if let failure = prepared.startupFailure {
        inbox.post(
          .diagnostic(
            DiagnosticEntry(id: 0, level: .error, code: "project_error", message: failure)))
      }
      inbox.post(
        .diagnostic(
          DiagnosticEntry(
            id: 0, level: .warn, code: "watch_unavailable",
            message: "not watching \(paths.project): \(error)")))
      waker.wake()
    }
  }

  /// Runs the previewer with `options`; `modules` are installed into the engine.
  static func preview(_ options: PreviewOptions, modules: [MessagevisorModule]) async -> Int32 {
    if !options.print,
      let refusal = TerminalRequirement.refusal(term: ProcessInfo.processInfo.environment["TERM"])
    {
      printError(refusal)
      return 2
    }
    if !options.print && (isatty(STDIN_FILENO) != 1 || isatty(STDOUT_FILENO) != 1) {
      // Advice about the binary that was run (argv[0]), not about a source checkout.
      let program = CommandLine.arguments.first ?? "messagevisor-preview"
      printError(
        """
        messagevisor-preview is an interactive terminal program, but standard input or output is not a terminal.
        Run it in a terminal:            \(program)
        Or render one frame as text:     \(program) --print [--screen NAME] [--width 100]
        See \(program) --help for every option.
        """)
      return 2
    }
    let prepared: PreviewLauncher.Prepared
    let paths: DemoPaths
    do {
      paths = try DemoPaths.resolveOrUnpack(options)
      prepared = try PreviewLauncher.prepare(
        options: options, paths: paths, modules: modules, requestTimeout: options.print ? 5 : 10,
        waitForFix: options.watch && !options.print, lazyLocales: true)
    } catch let error as DemoPaths.NotFound {
      printError("messagevisor-preview: \(error.description)")
      return 66
    } catch let error as EmbeddedDemo.Failure {
      printError("messagevisor-preview: \(error.description)")
      return 73
    } catch let error as PreviewLauncher.Failure {
      printError("messagevisor-preview: \(error.description)")
      return error.isUsageError ? 64 : 66
    } catch {
      printError("messagevisor-preview: \(error)")
      return 66
    }
    let screens = prepared.project.screens
    if let screen = options.screen, prepared.startupFailure == nil,
      screens.entry(screen.rawValue) == nil
    {
      let broken = screens.errors.first {
        ($0.file as NSString).lastPathComponent.hasPrefix(screen.rawValue + ".")
      }
      printError(
        "messagevisor-preview: "
          + (broken.map { "screen \(screen) cannot be shown: \($0.description)" }
            ?? "unknown screen \(screen)\(Suggestion.didYouMean(screen.rawValue, in: screens.names)); this project's screens: \(screens.names.joined(separator: ", "))")
      )
      return broken == nil ? 64 : 65
    }
    let inbox = PreviewInbox()
    let session = PreviewSession(prepared.configuration, inbox: inbox)
    defer { session.stop() }
    for problem in prepared.problems {
      inbox.post(
        .diagnostic(DiagnosticEntry(id: 0, level: .warn, code: "catalog_problem", message: problem))
      )
    }
    for note in prepared.notes {
      printError("messagevisor-preview: note: \(note)")
      inbox.post(
        .diagnostic(DiagnosticEntry(id: 0, level: .info, code: "startup_note", message: note)))
    }
    if let notice = prepared.notice {
      inbox.post(.failure(notice))
      if options.print { printError("messagevisor-preview: note: \(notice)") }
    }
    for entry in prepared.diagnostics {
      inbox.post(.diagnostic(entry))
      if options.print { printError("messagevisor-preview: warning: \(entry.message)") }
    }
    var state = PreviewState(
      choices: PreviewChoices(project: prepared.project), otaSource: prepared.otaSummary)
    state.otaEnabled = session.ota != nil
    state.screen = options.screen ?? PreviewScreen(rawValue: screens.defaultScreen)
    state.inspect = options.inspect
    state.ascii = options.ascii
    // A terminal whose locale is not UTF-8 (LANG=C) cannot show box drawing: ASCII, with a note.
    if !options.print, !options.ascii,
      let note = TerminalRequirement.asciiFallbackNote(
        environment: ProcessInfo.processInfo.environment)
    {
      state.ascii = true
      state.notice = note
      inbox.post(
        .diagnostic(DiagnosticEntry(id: 0, level: .info, code: "startup_note", message: note)))
    }
    state.clipboard = ClipboardSupport.mode(
      options.osc52, environment: ProcessInfo.processInfo.environment,
      tmuxSetClipboard: { TmuxOption.value("set-clipboard") })
    if options.print {
      // One complete frame: every locale (built here, on every core, while lint runs) and the
      // lint findings (the start-up lint run finishes first).
      if let error = session.loadAllLocales().first {
        printError(
          "messagevisor-preview: \(prepared.project.path): building target \(prepared.project.target): \(error)"
        )
        return 66
      }
      session.waitForLint()
      let status = await printFrame(options: options, session: session, state: state)
      // The process ends with this frame: exit before the loaded project, its datafiles and the
      // engine (millions of small objects in a big project, a tenth of the run) are torn down.
      exit(status)
    }
    let screen: NcursesScreen
    do {
      var screenOptions = NcursesScreen.Options()
      screenOptions.mouse = options.mouse
      screen = try NcursesScreen(options: screenOptions)
    } catch {
      printError("messagevisor-preview: \(error)")
      return 2
    }
    inbox.setWaker(screen.makeWaker())
    defer { inbox.setWaker(nil) }
    let loop = PreviewLoop(
      screen: screen, session: session, state: state, interval: options.interval,
      initialCheck: true)
    loop.exportPath = options.export
    // Live editing: project edits are rebuilt and shown without a key press (not with --no-watch).
    // Watching starts after the first frame as background work (setting up the watches and
    // checking every file's stamp take a while on a big project, and the first key must not wait
    // for them); its first update finds edits made meanwhile.
    let waker = screen.makeWaker()
    let live = LiveReloadHolder()
    loop.onFirstFrame = {
      guard options.watch else { return }
      BackgroundQueue(label: "messagevisor-preview.watch").async {
        Self.startWatching(
          options: options, prepared: prepared, paths: paths, session: session, inbox: inbox,
          waker: waker, into: live)
      }
    }
    defer { live.stop() }
    let exit = loop.run()
    screen.restore()
    switch exit {
    case .quit: return 0
    case .terminated: return 143
    case .hangup: return 129
    }
  }

  /// `--print`: one check (bounded by the request timeout), then one frame as plain text.
  static func printFrame(options: PreviewOptions, session: PreviewSession, state: PreviewState)
    async
    -> Int32
  {
    if session.ota != nil {
      await session.runCheck(manual: false, phaseDelays: false, startup: true)
    }
    var initial = state
    initial.width = options.width
    initial.height = options.height ?? 30
    let screen = HeadlessScreen(
      width: initial.width, height: initial.height, colorMode: .monochrome)
    let loop = PreviewLoop(screen: screen, session: session, state: initial, interval: 0)
    loop.start()
    var final = loop.state
    if options.height == nil {
      final.height = max(30, PreviewView.naturalHeight(final))
    }
    let frame = PreviewView.render(final)
    print(frame.lines().joined(separator: "\n"))
    if let export = options.export {
      printError("messagevisor-preview: \(PreviewExport.write(final, to: export))")
    }
    return 0
  }

  /// `publish [--site DIR] --locale L --key K --value TEXT`: the site defaults to the one the
  /// previewer uses, the locale is matched as `--locale` is, and an unknown key needs `--create`.
  static func publish(_ request: PublishRequest) -> Int32 {
    do {
      let plan = try PublishPlan.make(request)
      for note in plan.notes { printError("messagevisor-preview publish: note: \(note)") }
      print(try plan.edit.run().summary)
      return 0
    } catch let refusal as PublishPlan.Refusal {
      printError("messagevisor-preview publish: \(refusal.description)")
      return 1
    } catch let error as OTASitePublisherError {
      printError("messagevisor-preview publish: \(error.description)")
      return 1
    } catch {
      printError("messagevisor-preview publish: \(error)")
      return 1
    }
  }

  /// Writes a line to standard output through the terminal-safety function
  /// (`SafeText.neutralized`, line breaks kept). It shadows Swift's `print` inside this type, so
  /// every `print(…)` of the program (the publish echo, the `--print` frame, usage) is safe.
  static func print(_ text: String) {
    Swift.print(SafeText.neutralized(text, keepingLineBreaks: true))
  }

  /// Writes a line to standard error through the terminal-safety function.
  static func printError(_ text: String) {
    let safe = SafeText.neutralized(text, keepingLineBreaks: true)
    FileHandle.standardError.write(Data((safe + "\n").utf8))
  }
}
