import { z } from "zod";
import { JarvisError } from "../../core/errors.js";
import { parametersFrom } from "../../core/schema.js";
import { ok, type ToolDefinition } from "../../core/tool.js";
import { desktopKit, desktopTool } from "../../platform/kit.js";
import type { BatteryInfo, Platform } from "../../platform/types.js";
import type { ToolDeps } from "../deps.js";
import { realScheduler, type Scheduler } from "../timers/scheduler.js";
import { describeSeconds, formatClock } from "../timers/service.js";

const empty = z.object({});
const volumeSetSchema = z.object({
  level: z.number().min(0).max(100).optional().describe("new volume, 0-100"),
  change: z.number().min(-100).max(100).optional().describe("relative change, e.g. 10 or -10"),
});
const muteSchema = z.object({
  mute: z.boolean().optional().describe("true mutes, false unmutes; omit to toggle"),
  for_s: z
    .number()
    .int()
    .min(1)
    .max(86_400)
    .optional()
    .describe("mute for this many seconds, then unmute (while Jarvis runs)"),
});
const brightnessSchema = z.object({ level: z.number().min(0).max(100).describe("screen brightness, 0-100") });
const notifySchema = z.object({
  title: z.string().min(1).max(200),
  body: z.string().max(2000).optional(),
});

export function describeBatteries(state: { onAc: boolean | undefined; batteries: BatteryInfo[] }): string {
  if (state.batteries.length === 0) {
    return `no battery found (a desktop or virtual machine)${state.onAc ? "; running on AC power" : ""}`;
  }
  const parts = state.batteries.map((b) => {
    const time =
      b.minutesRemaining === undefined
        ? ""
        : `, ${Math.floor(b.minutesRemaining / 60)}h${String(b.minutesRemaining % 60).padStart(2, "0")} ${b.state === "charging" ? "to full" : "left"}`;
    return `${b.percent}% (${b.state}${time})`;
  });
  const source = state.onAc === undefined ? "" : state.onAc ? "; on AC power" : "; on battery";
  return `battery ${parts.join(", ")}${source}`;
}

/**
 * "Be quiet for an hour": one pending unmute at a time, in this process only (a restart
 * leaves the sound muted — the reply says "while Jarvis runs"), cancelled when Jarvis closes.
 */
function quietSpell(deps: ToolDeps, scheduler: Scheduler, unmute: () => Promise<void>) {
  let cancel: (() => void) | undefined;
  const stop = () => {
    cancel?.();
    cancel = undefined;
  };
  deps.onClose(stop);
  return {
    cancel: stop,
    start(ms: number): number {
      const at = deps.clock.now() + ms;
      cancel = scheduler.schedule(at, () => {
        cancel = undefined;
        unmute().catch((error: unknown) =>
          deps.logger.warn({ err: error }, "could not unmute after a quiet spell"),
        );
      });
      return at;
    },
  };
}

/** Volume, brightness, battery, lock and notifications (`system_info` lives in info.ts). */
export function createSystemControlTools(
  deps: ToolDeps,
  platform?: Platform,
  scheduler: Scheduler = realScheduler(deps.clock),
): ToolDefinition[] {
  const kit = desktopKit(deps, platform);
  const { audio, power, notifier } = kit.platform;
  const quiet = quietSpell(deps, scheduler, () => audio.setMuted(false, AbortSignal.timeout(10_000)));
  return [
    desktopTool<Record<string, never>>(kit, ["audio"], {
      name: "system_volume_get",
      group: "system",
      description: "The output volume (0-100) and whether it is muted.",
      parameters: parametersFrom(empty),
      effects: ["read"],
      risk: "safe",
      examples: ["what is the volume", "how loud is it", "volume level"],
      async execute(_args, ctx) {
        const state = await audio.get(ctx.signal);
        return ok(`volume ${state.level}%${state.muted ? " (muted)" : ""}`, state);
      },
    }),
    desktopTool<z.infer<typeof volumeSetSchema>>(kit, ["audio"], {
      name: "system_volume_set",
      group: "system",
      description: "Set the output volume to a level (0-100), or change it by a relative amount.",
      parameters: parametersFrom(volumeSetSchema),
      effects: ["ui"],
      risk: "caution",
      examples: [
        "set the volume to {level}",
        "volume {level}",
        "turn it up",
        "turn the volume down by {change}",
      ],
      async execute(args, ctx) {
        if ((args.level === undefined) === (args.change === undefined)) {
          throw new JarvisError(
            "ARGS_INVALID",
            "give either level (0-100) or change (-100..100), not both or neither",
          );
        }
        let target = args.level;
        if (target === undefined) {
          const current = await audio.get(ctx.signal);
          target = current.level + (args.change ?? 0);
        }
        target = Math.round(Math.min(100, Math.max(0, target)));
        await audio.setLevel(target, ctx.signal);
        return ok(`volume set to ${target}%`, { level: target });
      },
    }),
    desktopTool<z.infer<typeof muteSchema>>(kit, ["audio"], {
      name: "system_mute",
      group: "system",
      description: "Mute or unmute the output (toggles when mute is omitted).",
      parameters: parametersFrom(muteSchema),
      effects: ["ui"],
      risk: "caution",
      examples: ["mute", "unmute", "mute the sound", "toggle mute"],
      async execute(args, ctx) {
        if (args.for_s !== undefined && args.mute === false) {
          throw new JarvisError("ARGS_INVALID", "for_s is how long to stay muted: use it with mute true");
        }
        const muted = args.mute ?? !(await audio.get(ctx.signal)).muted;
        await audio.setMuted(muted, ctx.signal);
        // Any new mute or unmute replaces a quiet spell still running
        quiet.cancel();
        if (!muted || args.for_s === undefined) return ok(muted ? "muted" : "unmuted", { muted });
        const until = quiet.start(args.for_s * 1000);
        return ok(
          `muted for ${describeSeconds(args.for_s)}; sound comes back at ${formatClock(until)} while Jarvis runs`,
          {
            muted,
            until: new Date(until).toISOString(),
          },
        );
      },
    }),
    desktopTool<z.infer<typeof brightnessSchema>>(kit, ["brightness"], {
      name: "system_brightness_set",
      group: "system",
      description: "Set the screen brightness (0-100).",
      parameters: parametersFrom(brightnessSchema),
      effects: ["ui"],
      risk: "caution",
      examples: ["set brightness to {level}", "brightness {level}", "dim the screen to {level}"],
      async execute(args, ctx) {
        const how = await power.setBrightness(args.level, ctx.signal);
        return ok(`brightness set to ${Math.round(args.level)}% (${how})`, { level: args.level, via: how });
      },
    }),
    desktopTool<Record<string, never>>(kit, ["battery"], {
      name: "system_battery",
      group: "system",
      description: "Battery charge, whether it is charging, and time left.",
      parameters: parametersFrom(empty),
      effects: ["read"],
      risk: "safe",
      examples: ["battery", "how much battery is left", "am I charging"],
      async execute(_args, ctx) {
        const state = await power.batteries(ctx.signal);
        return ok(describeBatteries(state), state);
      },
    }),
    desktopTool<Record<string, never>>(kit, ["lock"], {
      name: "system_lock",
      group: "system",
      description: "Lock the screen.",
      parameters: parametersFrom(empty),
      effects: ["ui"],
      risk: "caution",
      examples: ["lock the screen", "lock my computer", "lock"],
      async execute(_args, ctx) {
        await power.lock(ctx.signal);
        return ok("screen locked");
      },
    }),
    desktopTool<z.infer<typeof notifySchema>>(kit, ["notify"], {
      name: "system_notify",
      group: "system",
      description: "Show a desktop notification.",
      parameters: parametersFrom(notifySchema),
      effects: ["ui"],
      risk: "safe",
      says: ({ title }) => `Show a notification: ${title}`,
      examples: ["notify me {title}", "show a notification {title}"],
      async execute(args, ctx) {
        await notifier.notify(args.title, args.body, ctx.signal);
        return ok(`notification shown: ${args.title}`);
      },
    }),
  ];
}
