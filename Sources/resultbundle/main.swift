import ResultBundleCLI

await ResultBundleCommand.main()
