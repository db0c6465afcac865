#!/usr/bin/env python3
"""An MPRIS media player (org.mpris.MediaPlayer2, what playerctl talks to) on the test's private
session bus, with the optional Shuffle and LoopStatus properties read-write. Started with
`--fixed` it has neither (like players that cannot shuffle). The track is 3:20 long and Position
stands still unless Seek/SetPosition move it (per the MPRIS spec); `--no-seek` makes CanSeek false
and both ignored. Every property set and every seek is printed as one JSON line on stdout;
"ready" is printed once the name is owned."""
import json
import sys

from gi.repository import Gio, GLib

FIXED = "--fixed" in sys.argv[1:]
CAN_SEEK = "--no-seek" not in sys.argv[1:]
TRACK = "/org/jarvis/track/0"
LENGTH = 200_000_000  # microseconds
SETTINGS_XML = "" if FIXED else """
  <property name="Shuffle" type="b" access="readwrite"/>
  <property name="LoopStatus" type="s" access="readwrite"/>"""
MPRIS_XML = f"""
<node>
<interface name="org.mpris.MediaPlayer2">
  <method name="Raise"/><method name="Quit"/>
  <property name="Identity" type="s" access="read"/>
  <property name="CanQuit" type="b" access="read"/><property name="CanRaise" type="b" access="read"/>
  <property name="HasTrackList" type="b" access="read"/>
  <property name="SupportedUriSchemes" type="as" access="read"/>
  <property name="SupportedMimeTypes" type="as" access="read"/>
</interface>
<interface name="org.mpris.MediaPlayer2.Player">
  <method name="Play"/><method name="Pause"/><method name="PlayPause"/><method name="Stop"/>
  <method name="Next"/><method name="Previous"/>
  <method name="Seek"><arg name="Offset" type="x" direction="in"/></method>
  <method name="SetPosition">
    <arg name="TrackId" type="o" direction="in"/><arg name="Position" type="x" direction="in"/>
  </method>
  <signal name="Seeked"><arg name="Position" type="x"/></signal>
  <property name="PlaybackStatus" type="s" access="read"/>
  <property name="Metadata" type="a{{sv}}" access="read"/>
  <property name="CanPlay" type="b" access="read"/><property name="CanPause" type="b" access="read"/>
  <property name="CanGoNext" type="b" access="read"/><property name="CanGoPrevious" type="b" access="read"/>
  <property name="CanControl" type="b" access="read"/><property name="CanSeek" type="b" access="read"/>
  <property name="Position" type="x" access="read"/><property name="Volume" type="d" access="read"/>{SETTINGS_XML}
</interface>
</node>"""
PLAYER = "org.mpris.MediaPlayer2.Player"
state = {"Shuffle": GLib.Variant("b", False), "LoopStatus": GLib.Variant("s", "None")}
position = [0]


def emit(event):
    sys.stdout.write(json.dumps(event) + "\n")
    sys.stdout.flush()


def on_call(connection, sender, path, interface, method, params, invocation):
    emit({"event": "call", "method": method})
    target = None
    if method == "Seek":
        target = min(max(position[0] + params.unpack()[0], 0), LENGTH)
    elif method == "SetPosition":
        track, at = params.unpack()
        # the spec: a stale track id or a position past the end is ignored
        if track == TRACK and 0 <= at <= LENGTH:
            target = at
    if target is not None and CAN_SEEK:
        position[0] = target
        emit({"event": "seek", "position": target})
        connection.emit_signal(None, path, PLAYER, "Seeked", GLib.Variant("(x)", (target,)))
    invocation.return_value(None)


def on_get(connection, sender, path, interface, name):
    values = {
        "Identity": GLib.Variant("s", "Jarvis Media Test Player"),
        "PlaybackStatus": GLib.Variant("s", "Playing"),
        "Metadata": GLib.Variant("a{sv}", {
            "mpris:trackid": GLib.Variant("o", TRACK),
            "mpris:length": GLib.Variant("x", LENGTH),
            "xesam:title": GLib.Variant("s", "Take Five"),
        }),
        "Position": GLib.Variant("x", position[0]),
        "CanSeek": GLib.Variant("b", CAN_SEEK),
        "Volume": GLib.Variant("d", 1.0),
        "SupportedUriSchemes": GLib.Variant("as", []),
        "SupportedMimeTypes": GLib.Variant("as", []),
        **state,
    }
    return values.get(name, GLib.Variant("b", name != "HasTrackList"))


def on_set(connection, sender, path, interface, name, value):
    if name == "LoopStatus" and value.unpack() not in ("None", "Track", "Playlist"):
        return False
    state[name] = value
    emit({"event": "set", "property": name, "value": value.unpack()})
    connection.emit_signal(None, path, "org.freedesktop.DBus.Properties", "PropertiesChanged",
                           GLib.Variant("(sa{sv}as)", (PLAYER, {name: value}, [])))
    return True


def main():
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    for interface in Gio.DBusNodeInfo.new_for_xml(MPRIS_XML).interfaces:
        bus.register_object("/org/mpris/MediaPlayer2", interface, on_call, on_get, on_set)
    Gio.bus_own_name_on_connection(bus, "org.mpris.MediaPlayer2.jarvismedia", Gio.BusNameOwnerFlags.NONE,
                                   lambda _c, _n: emit({"event": "ready"}), None)
    GLib.MainLoop().run()


if __name__ == "__main__":
    main()
