/**
 * Reads the log of `strace -f -e trace=connect,execve,clone,clone3,fork,vfork -o LOG` (no-network.test.ts): every
 * connect() with its target and the program of the process or thread that attempted it.
 *
 * strace writes each line as the pid left-aligned in a field five wide and one space (`%-5d `), so a pid under
 * 10000 is followed by two spaces or more ("5459  execve(") and a longer one by one ("12345 execve("). Lines of
 * concurrent processes are split into `... <unfinished ...>` and `PID  <... NAME resumed>... = RET` (common around
 * vfork, where the child's execve resumes after the parent's vfork). Both are read here: a parser that expected one
 * space attributed no connect to any program whenever the kernel's pid counter stood under 10000 (about one run in
 * three), which is what made the serve case flaky.
 */
import path from 'node:path'

export interface Connect {
  pid: string
  /** File name of the last successful execve of this process, else of its nearest ancestor; 'unknown' if none. */
  program: string
  /** An IP address, or 'local' for Unix and netlink sockets. */
  target: string
}

const LINE = /^(\d+)\s+(.*)$/

export function readConnectTrace(text: string): Connect[] {
  const exe = new Map<string, string>()
  const parent = new Map<string, string>()
  /** execve calls split by strace: the path, until the resumed half says whether it succeeded. */
  const pendingExec = new Map<string, string>()
  const raw: { pid: string; call: string }[] = []
  for (const line of text.split('\n')) {
    const m = LINE.exec(line)
    if (!m) continue
    const [, pid, call] = m
    const exec = /^execve\("([^"]+)"/.exec(call)
    if (exec) {
      if (/<unfinished \.\.\.>$/.test(call)) pendingExec.set(pid, exec[1])
      else if (/= 0$/.test(call)) exe.set(pid, path.basename(exec[1]))
      continue
    }
    if (/^<\.\.\. execve resumed>/.test(call)) {
      const p = pendingExec.get(pid)
      pendingExec.delete(pid)
      if (p && /= 0$/.test(call)) exe.set(pid, path.basename(p))
      continue
    }
    const fork = /^(?:<\.\.\. )?(?:clone3?|v?fork)\b.*= (\d+)$/.exec(call)
    if (fork) {
      parent.set(fork[1], pid)
      continue
    }
    // A connect is read from its first half (the address is there); a lone resumed half carries only the result.
    if (/^connect\(/.test(call)) raw.push({ pid, call })
  }
  const program = (pid: string): string => {
    for (let p: string | undefined = pid, n = 0; p && n < 1000; p = parent.get(p), n++) if (exe.has(p)) return exe.get(p)!
    return 'unknown'
  }
  return raw.map(({ pid, call }) => {
    const v4 = /sin_addr=inet_addr\("([^"]+)"\)/.exec(call)
    const v6 = /inet_pton\(AF_INET6, "([^"]+)"/.exec(call)
    const target = v4 ? v4[1] : v6 ? v6[1] : /AF_UNIX|AF_NETLINK/.test(call) ? 'local' : `unparsed: ${call.slice(0, 120)}`
    return { pid, program: program(pid), target }
  })
}
