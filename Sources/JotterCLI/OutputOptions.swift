import ArgumentParser

/// How every command's output is shown: in colour or not, and through a pager or not.
struct OutputOptions: ParsableArguments {
    @Option(name: .customLong("color"),
            help: ArgumentHelp("Colour the output: auto (on a terminal, unless NO_COLOR is set), always or never.",
                               valueName: "when"))
    var colour: ColourChoice = .auto

    @Flag(name: .customLong("no-pager"), help: "Write output longer than the screen straight to it, without a pager.")
    var noPager = false
}
