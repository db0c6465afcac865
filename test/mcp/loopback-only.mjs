// Preloaded (`node --import`) into a third-party server that listens on every interface when
// given only a port: tests bind loopback only, so a bare port becomes 127.0.0.1.
import net from "node:net";

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  if (typeof args[0] === "number" || (typeof args[0] === "string" && /^\d+$/.test(args[0]))) {
    const callback = typeof args.at(-1) === "function" ? args.at(-1) : undefined;
    return listen.call(this, Number(args[0]), "127.0.0.1", callback);
  }
  return listen.apply(this, args);
};
