#!/usr/bin/env python3
"""Test doubles that speak the real D-Bus protocols on the test's private session bus:
a notification server (org.freedesktop.Notifications, what notify-send talks to) and an MPRIS
media player (org.mpris.MediaPlayer2, what playerctl talks to). Every call received is printed
as one JSON line on stdout; "ready" is printed once both names are owned."""
import json
import sys

from gi.repository import Gio, GLib

NOTIFY_XML = """
<node><interface name="org.freedesktop.Notifications">
  <method name="Notify"><arg type="s" direction="in"/><arg type="u" direction="in"/>
    <arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="s" direction="in"/>
    <arg type="as" direction="in"/><arg type="a{sv}" direction="in"/><arg type="i" direction="in"/>
    <arg type="u" direction="out"/></method>
  <method name="GetCapabilities"><arg type="as" direction="out"/></method>
  <method name="GetServerInformation"><arg type="s" direction="out"/><arg type="s" direction="out"/>
    <arg type="s" direction="out"/><arg type="s" direction="out"/></method>
  <method name="CloseNotification"><arg type="u" direction="in"/></method>
</interface></node>"""

MPRIS_XML = """
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
  <property name="PlaybackStatus" type="s" access="read"/>
  <property name="Metadata" type="a{sv}" access="read"/>
  <property name="CanPlay" type="b" access="read"/><property name="CanPause" type="b" access="read"/>
  <property name="CanGoNext" type="b" access="read"/><property name="CanGoPrevious" type="b" access="read"/>
  <property name="CanControl" type="b" access="read"/><property name="CanSeek" type="b" access="read"/>
  <property name="Position" type="x" access="read"/><property name="Volume" type="d" access="read"/>
</interface>
</node>"""

TRACKS = [("So What", "Miles Davis", "Kind of Blue"), ("Blue in Green", "Miles Davis", "Kind of Blue")]
state = {"status": "Paused", "track": 0, "next_id": 1}


def emit(event):
    sys.stdout.write(json.dumps(event, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def on_notify_call(connection, sender, path, interface, method, params, invocation):
    if method == "Notify":
        app, _replaces, _icon, summary, body, _actions, hints, _timeout = params.unpack()
        emit({"event": "notify", "app": app, "summary": summary, "body": body})
        invocation.return_value(GLib.Variant("(u)", (state["next_id"],)))
        state["next_id"] += 1
    elif method == "GetCapabilities":
        invocation.return_value(GLib.Variant("(as)", (["body"],)))
    elif method == "GetServerInformation":
        invocation.return_value(GLib.Variant("(ssss)", ("jarvis-test", "jarvis", "1", "1.2")))
    else:
        invocation.return_value(None)


def metadata():
    title, artist, album = TRACKS[state["track"]]
    return GLib.Variant("a{sv}", {
        "mpris:trackid": GLib.Variant("o", f"/org/jarvis/track/{state['track']}"),
        "xesam:title": GLib.Variant("s", title),
        "xesam:artist": GLib.Variant("as", [artist]),
        "xesam:album": GLib.Variant("s", album),
    })


def on_player_call(connection, sender, path, interface, method, params, invocation):
    emit({"event": "player", "method": method})
    if method == "Play":
        state["status"] = "Playing"
    elif method == "Pause":
        state["status"] = "Paused"
    elif method == "PlayPause":
        state["status"] = "Paused" if state["status"] == "Playing" else "Playing"
    elif method == "Stop":
        state["status"] = "Stopped"
    elif method == "Next":
        state["track"] = (state["track"] + 1) % len(TRACKS)
    elif method == "Previous":
        state["track"] = (state["track"] - 1) % len(TRACKS)
    invocation.return_value(None)


def on_player_get(connection, sender, path, interface, name):
    values = {
        "Identity": GLib.Variant("s", "Jarvis Test Player"),
        "PlaybackStatus": GLib.Variant("s", state["status"]),
        "Metadata": metadata(),
        "Position": GLib.Variant("x", 0),
        "Volume": GLib.Variant("d", 1.0),
        "SupportedUriSchemes": GLib.Variant("as", []),
        "SupportedMimeTypes": GLib.Variant("as", []),
    }
    return values.get(name, GLib.Variant("b", name != "HasTrackList"))


def main():
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    notify = Gio.DBusNodeInfo.new_for_xml(NOTIFY_XML).interfaces[0]
    bus.register_object("/org/freedesktop/Notifications", notify, on_notify_call, None, None)
    for interface in Gio.DBusNodeInfo.new_for_xml(MPRIS_XML).interfaces:
        bus.register_object("/org/mpris/MediaPlayer2", interface, on_player_call, on_player_get, None)
    owned = []

    def acquired(_connection, name):
        owned.append(name)
        if len(owned) == 2:
            emit({"event": "ready"})

    for name in ("org.freedesktop.Notifications", "org.mpris.MediaPlayer2.jarvistest"):
        Gio.bus_own_name_on_connection(bus, name, Gio.BusNameOwnerFlags.NONE, acquired, None)
    GLib.MainLoop().run()


if __name__ == "__main__":
    main()
