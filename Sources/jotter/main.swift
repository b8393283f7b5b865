import JotterCLI

JotterCommand.runMain()
