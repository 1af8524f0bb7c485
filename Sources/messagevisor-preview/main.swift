print("messagevisor-preview: not built yet")
