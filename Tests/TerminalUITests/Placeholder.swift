import Testing

@Test func TerminalUITestsPlaceholder() {}
