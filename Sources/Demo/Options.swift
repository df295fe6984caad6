/// What the command line asked for.
struct Options: Equatable {
  /// Print every frame one after another, without sleeping or clearing the
  /// screen: for logs and tests. Frames are then deterministic.
  var animated = true
  /// Let a person drive the screen with keys instead of playing the story.
  var interactive = false
  /// Colours: `nil` decides from whether standard output is a terminal.
  var color: Bool?
  /// Print the usage and exit.
  var help = false

  /// The usage text of `demo --help`.
  static let usage = """
    USAGE: demo [--interactive] [--no-animation] [--color | --no-color]

    Shows a DataSourceGraph pipeline in the terminal.

    With no option, plays a scripted story of about 52 seconds:
      1. one source with a loader: Success, Empty, Error, then rapid taps
         where only the last tap's answer is shown;
      2. a screen composed of three sources that load with different delays,
         one failing: loading → partial → content with a failure kept; then a
         filter typed letter by letter and a pull-to-refresh;
      3. a stream of changes: two tasks iterate `queue.events`; one gets
         every event, the other, held back, one composed batch;
      4. pages: an infinite scroll whose next pages load near the bottom,
         one failing and retried, to the end of the feed, then a refresh;
      5. an outline: artists, albums and tracks expanded and collapsed,
         a section collapsed to its header, the library changing under it;
      6. a chat: history paged in above and new messages arriving below
         without moving the line read, the header's unread count updated
         in place.

    OPTIONS:
      --interactive   Drive the composed screen and the chat with keys (see
                      KEYS).
      --no-animation  Print every frame one after another, separated by lines
                      "=== frame N (t=…s) ===", without sleeping: for logs and
                      tests. Frames are deterministic.
      --color         Use ANSI colours even when output is not a terminal.
      --no-color      Never use ANSI colours.
      -h, --help      Show this help.

    KEYS (--interactive), on the composed screen:
      s  next load succeeds      e  next load is empty
      x  next load fails         m  mixed: Suggestions fails, the others succeed
      r  pull to refresh (reload every part)
      f  type the next letter of the filter ("blue"), then clear it
      c  switch to the chat, and back (each screen stays as you left it)
    in the chat:
      p  scroll to the top: the page of history before loads above, and the
         line you read stays on its row
      n  a new message arrives below; the header's unread count is updated
         in place
      a  scroll down and read all: the unread count goes to 0, in place
    anywhere:
      q  quit (also Ctrl-C, Ctrl-D, or end of input)
    Keys piped on standard input are taken one at a time, each after the
    screen has settled: `printf 'mfxq' | demo --interactive --no-animation`,
    or, for the chat, `printf 'cnnppaq' | demo --interactive --no-animation`.
    """

  /// Parses the arguments after the program name.
  ///
  /// - Throws: ``UsageError`` for an unknown argument.
  init(arguments: some Sequence<String>) throws(UsageError) {
    for argument in arguments {
      switch argument {
      case "--no-animation": animated = false
      case "--interactive", "-i": interactive = true
      case "--color": color = true
      case "--no-color": color = false
      case "--help", "-h": help = true
      default: throw UsageError(argument: argument)
      }
    }
  }
}

/// An argument `demo` does not know.
struct UsageError: Error, CustomStringConvertible {
  var argument: String
  var description: String { "unknown argument '\(argument)'; see demo --help" }
}
