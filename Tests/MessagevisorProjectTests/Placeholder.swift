import Testing

@Test func MessagevisorProjectTestsPlaceholder() {}
