import Testing

@Test func MessagevisorTestsPlaceholder() {}
