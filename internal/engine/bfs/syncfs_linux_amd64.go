package bfs

// sysSyncfs is syncfs's number, which package syscall does not name on
// this architecture.
const sysSyncfs = 306
