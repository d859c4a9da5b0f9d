package bfs

import "syscall"

const sysSyncfs = syscall.SYS_SYNCFS
