import ResultBundleCLI

ResultBundleCommand.runMain()
