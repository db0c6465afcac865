/**
 * A seccomp filter compiled to classic BPF in TypeScript (no native dependency): bwrap's
 * `--seccomp FD` loads the bytes as a `sock_fprog`. It denies what a confined program never
 * needs and what widens the kernel surface or leaves the namespaces: other processes' memory,
 * mounts, new namespaces, kernel modules and keyrings, BPF, io_uring (which bypasses seccomp
 * for its operations), userfaultfd, raw and netlink sockets, injecting terminal input.
 */

export type SeccompArch = "x64" | "arm64";

const AUDIT_ARCH: Record<SeccompArch, number> = { x64: 0xc000003e, arm64: 0xc00000b7 };

/** Denied with EPERM. Numbers from the kernel's unistd tables for each architecture. */
const DENIED: Record<string, [x64: number, arm64: number]> = {
  ptrace: [101, 117],
  process_vm_readv: [310, 270],
  process_vm_writev: [311, 271],
  pidfd_getfd: [438, 438],
  kcmp: [312, 272],
  mount: [165, 40],
  umount2: [166, 39],
  pivot_root: [155, 41],
  open_tree: [428, 428],
  move_mount: [429, 429],
  fsopen: [430, 430],
  fsconfig: [431, 431],
  fsmount: [432, 432],
  fspick: [433, 433],
  mount_setattr: [442, 442],
  unshare: [272, 97],
  setns: [308, 268],
  kexec_load: [246, 104],
  kexec_file_load: [320, 294],
  reboot: [169, 142],
  init_module: [175, 105],
  finit_module: [313, 273],
  delete_module: [176, 106],
  swapon: [167, 224],
  swapoff: [168, 225],
  acct: [163, 89],
  settimeofday: [164, 170],
  clock_settime: [227, 112],
  clock_adjtime: [305, 266],
  adjtimex: [159, 171],
  syslog: [103, 116],
  quotactl: [179, 60],
  lookup_dcookie: [212, 18],
  vhangup: [153, 58],
  bpf: [321, 280],
  perf_event_open: [298, 241],
  userfaultfd: [323, 282],
  keyctl: [250, 219],
  add_key: [248, 217],
  request_key: [249, 218],
  open_by_handle_at: [304, 265],
  name_to_handle_at: [303, 264],
};

/** Answered with ENOSYS so libc and libuv fall back to what the filter can inspect. */
const UNSUPPORTED: Record<string, [x64: number, arm64: number]> = {
  clone3: [435, 435],
  io_uring_setup: [425, 425],
  io_uring_enter: [426, 426],
  io_uring_register: [427, 427],
};

const X64_ONLY_DENIED = { uselib: 134, iopl: 172, ioperm: 173, _sysctl: 156 };

const SYSCALL = { clone: [56, 220], socket: [41, 198], ioctl: [16, 29] } as const;

const EPERM = 1;
const ENOSYS = 38;
const EAFNOSUPPORT = 97;
const CLONE_NAMESPACES = 0x7e020000; // NEWNS | NEWCGROUP | NEWUTS | NEWIPC | NEWUSER | NEWPID | NEWNET
const ALLOWED_FAMILIES = [1, 2, 10]; // AF_UNIX, AF_INET, AF_INET6
const TIOCSTI = 0x5412;
const TIOCLINUX = 0x541c;
const X32_SYSCALL_BIT = 0x40000000;

// seccomp_data: nr @0, arch @4, instruction pointer @8, args[i] @16 + 8i (low word first).
const OFFSET = { nr: 0, arch: 4, arg0: 16, arg1: 24 };

const BPF = { LD_W_ABS: 0x20, JEQ_K: 0x15, JGE_K: 0x35, JSET_K: 0x45, RET_K: 0x06 };
const RET = {
  allow: 0x7fff0000,
  killProcess: 0x80000000,
  errno: (code: number) => 0x00050000 | code,
};

type Instruction = [code: number, jt: number, jf: number, k: number];

/** The filter for one architecture as the bytes bwrap reads (8 bytes per instruction). */
export function seccompProgram(arch: SeccompArch): Buffer {
  const program: Instruction[] = [];
  const load = (offset: number) => program.push([BPF.LD_W_ABS, 0, 0, offset]);
  const ret = (value: number) => program.push([BPF.RET_K, 0, 0, value >>> 0]);
  const jump = (code: number, k: number, jt: number, jf: number) => program.push([code, jt, jf, k >>> 0]);
  const which = arch === "x64" ? 0 : 1;
  /** `if (nr == number) return value`. */
  const refuse = (number: number, value: number) => {
    jump(BPF.JEQ_K, number, 0, 1);
    ret(value);
  };

  load(OFFSET.arch);
  jump(BPF.JEQ_K, AUDIT_ARCH[arch], 1, 0);
  ret(RET.killProcess);
  load(OFFSET.nr);
  if (arch === "x64") {
    jump(BPF.JGE_K, X32_SYSCALL_BIT, 0, 1);
    ret(RET.errno(ENOSYS));
    for (const number of Object.values(X64_ONLY_DENIED)) refuse(number, RET.errno(EPERM));
  }
  for (const numbers of Object.values(DENIED)) refuse(numbers[which], RET.errno(EPERM));
  for (const numbers of Object.values(UNSUPPORTED)) refuse(numbers[which], RET.errno(ENOSYS));

  // clone(flags, …): no new namespaces.
  jump(BPF.JEQ_K, SYSCALL.clone[which], 0, 4);
  load(OFFSET.arg0);
  jump(BPF.JSET_K, CLONE_NAMESPACES, 0, 1);
  ret(RET.errno(EPERM));
  ret(RET.allow);

  // socket(family, …): Unix and IP only (no netlink, packet or other families).
  jump(BPF.JEQ_K, SYSCALL.socket[which], 0, 6);
  load(OFFSET.arg0);
  jump(BPF.JEQ_K, ALLOWED_FAMILIES[0] ?? 1, 3, 0);
  jump(BPF.JEQ_K, ALLOWED_FAMILIES[1] ?? 2, 2, 0);
  jump(BPF.JEQ_K, ALLOWED_FAMILIES[2] ?? 10, 1, 0);
  ret(RET.errno(EAFNOSUPPORT));
  ret(RET.allow);

  // ioctl(fd, request): no faking terminal input.
  jump(BPF.JEQ_K, SYSCALL.ioctl[which], 0, 5);
  load(OFFSET.arg1);
  jump(BPF.JEQ_K, TIOCSTI, 2, 0);
  jump(BPF.JEQ_K, TIOCLINUX, 1, 0);
  ret(RET.allow);
  ret(RET.errno(EPERM));

  ret(RET.allow);
  return encode(program);
}

/** The architecture the filter is built for, or undefined where none is written yet. */
export function seccompArchFor(arch: string): SeccompArch | undefined {
  return arch === "x64" || arch === "arm64" ? arch : undefined;
}

/** Names of the system calls the filter refuses (for docs and `jarvis doctor`). */
export function deniedSyscalls(): string[] {
  return [
    ...Object.keys(DENIED),
    ...Object.keys(UNSUPPORTED),
    "clone(new namespaces)",
    "socket(other families)",
  ];
}

function encode(program: Instruction[]): Buffer {
  const bytes = Buffer.alloc(program.length * 8);
  program.forEach(([code, jt, jf, k], i) => {
    bytes.writeUInt16LE(code, i * 8);
    bytes.writeUInt8(jt, i * 8 + 2);
    bytes.writeUInt8(jf, i * 8 + 3);
    bytes.writeUInt32LE(k, i * 8 + 4);
  });
  return bytes;
}
