import Testing

@Test func ReRuneTestsPlaceholder() {}
