import DataSourceGraph

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// `demo`: the scripted story, or `demo --interactive`; see `demo --help`.
let options: Options
do {
  options = try Options(arguments: CommandLine.arguments.dropFirst())
} catch {
  Terminal.writeError("demo: \(error)\n")
  exit(2)
}
if options.help {
  Terminal.write(Options.usage + "\n")
  exit(0)
}

let usesColor = options.color ?? Terminal.outputIsTTY
let display = Display(
  mode: options.animated && Terminal.outputIsTTY ? .inPlace : .frames, usesColor: usesColor)
let style = TextListStyle(usesColor: usesColor)
if options.interactive {
  await Interactive.run(display: display, style: style, animated: options.animated)
} else {
  await Story.play(display: display, style: style, animated: options.animated)
}
