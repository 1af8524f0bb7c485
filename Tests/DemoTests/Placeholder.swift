import Testing

@Test func demoTestsPlaceholder() {}
