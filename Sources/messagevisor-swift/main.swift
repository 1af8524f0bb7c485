print("messagevisor-swift: not built yet")
