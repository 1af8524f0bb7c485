import Testing

@Test func MessagevisorICUTestsPlaceholder() {}
