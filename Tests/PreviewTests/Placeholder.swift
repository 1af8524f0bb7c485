import Testing

@Test func PreviewTestsPlaceholder() {}
