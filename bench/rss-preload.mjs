// Bench-only preload: reports the process's peak RSS on exit (stderr, marked line).
process.on("exit", () => {
  process.stderr.write(`\n__MAXRSS_KB=${process.resourceUsage().maxRSS}\n`);
});
