#!/usr/bin/env python3
"""AT-SPI bridge for Jarvis: reads accessibility trees and acts on elements.

Started once by the Node side with an argv array and kept alive; speaks JSON lines:
request  {"id": 1, "op": "snapshot", "pid": 123, "title": "...", "all": false, "max_nodes": 2000}
response {"id": 1, "ok": true, "result": {...}} or {"id": 1, "ok": false, "error": {"code", "message"}}
Ops: ping, snapshot, act, active_window. No user data is ever evaluated; it only selects elements and values.
"""
import ctypes
import ctypes.util
import json
import sys
import warnings

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

# get_*_iface are deprecated in newer libatspi but are the calls that exist in every version.
warnings.filterwarnings("ignore", category=DeprecationWarning)
S = Atspi.StateType
WINDOW_ROLES = {"frame", "dialog", "window", "alert", "file chooser", "color chooser", "font chooser"}
TEXT_ROLES = {"text", "entry", "terminal", "paragraph", "document text", "editbar", "combo box", "spin button"}
VALUE_ROLES = {"slider", "spin button", "progress bar", "scroll bar", "level bar"}
SHOWN_STATES = [
    (S.FOCUSED, "focused"),
    (S.CHECKED, "checked"),
    (S.SELECTED, "selected"),
    (S.EXPANDED, "expanded"),
    (S.EDITABLE, "editable"),
    (S.SHOWING, "showing"),
]
PRESS_ACTIONS = ["click", "press", "activate", "toggle", "jump", "open"]
MAX_TEXT = 500


class Failure(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


def clean(text):
    return " ".join((text or "").split())


def find_app(pid):
    desktop = Atspi.get_desktop(0)
    for index in range(desktop.get_child_count()):
        app = desktop.get_child_at_index(index)
        if app is None:
            continue
        try:
            if app.get_process_id() == pid:
                return app
        except Exception:  # a dead app left on the bus
            continue
    raise Failure("no_tree", "this app exposes no accessibility tree (not a GTK/Qt app, or accessibility is off)")


def find_window(app, title):
    windows = []
    for index in range(app.get_child_count()):
        child = app.get_child_at_index(index)
        if child is not None and child.get_role_name() in WINDOW_ROLES:
            windows.append(child)
    if not windows:
        raise Failure("no_tree", "the app has no accessible windows")
    wanted = clean(title)

    def states(window):
        return window.get_state_set()

    for window in windows:
        if wanted and clean(window.get_name()) == wanted:
            return window
    for window in windows:
        if states(window).contains(S.ACTIVE):
            return window
    for window in windows:
        if states(window).contains(S.SHOWING):
            return window
    return windows[0]


def value_of(node, role):
    if role == "password text":
        return "••••" if node.get_text_iface() and node.get_text_iface().get_character_count() > 0 else ""
    if role in TEXT_ROLES:
        text = node.get_text_iface()
        if text is not None:
            count = text.get_character_count()
            return text.get_text(0, min(count, MAX_TEXT))
    if role in VALUE_ROLES:
        value = node.get_value_iface()
        if value is not None:
            return str(round(value.get_current_value(), 2))
    return None


def describe_node(node, path, depth, state_set):
    role = node.get_role_name()
    states = [label for state, label in SHOWN_STATES if state_set.contains(state)]
    if not state_set.contains(S.ENABLED) and not state_set.contains(S.SENSITIVE):
        states.append("disabled")
    entry = {
        "path": path,
        "depth": depth,
        "role": role,
        "name": node.get_name() or "",
        "states": states,
        "childCount": node.get_child_count(),
    }
    try:
        value = value_of(node, role) if state_set.contains(S.SHOWING) or role in TEXT_ROLES else None
        if value:
            entry["value"] = value
    except Exception:
        pass
    if not entry["name"] and role in {"push button", "toggle button", "link", "icon"}:
        entry["description"] = node.get_description() or ""
    return entry


def snapshot(request):
    app = find_app(request["pid"])
    window = find_window(app, request.get("title", ""))
    show_all = bool(request.get("all"))
    max_nodes = int(request.get("max_nodes", 2000))
    nodes = []
    truncated = False

    def walk(node, path, depth):
        nonlocal truncated
        if len(nodes) >= max_nodes:
            truncated = True
            return
        # States first: a hidden subtree is skipped before paying for its name, role and text.
        state_set = node.get_state_set()
        if depth > 0 and not show_all and not state_set.contains(S.SHOWING):
            return
        entry = describe_node(node, path, depth, state_set)
        nodes.append(entry)
        if depth >= 60:
            return
        # A closed menu's items are all hidden: when the first is, skip visiting each of them.
        if not show_all and entry["role"] == "menu" and entry["childCount"] > 0:
            first = node.get_child_at_index(0)
            if first is None or not first.get_state_set().contains(S.SHOWING):
                return
        for index in range(entry["childCount"]):
            child = node.get_child_at_index(index)
            if child is not None:
                walk(child, path + [index], depth + 1)

    walk(window, [], 0)
    return {"app": app.get_name() or "", "window": window.get_name() or "", "nodes": nodes, "truncated": truncated}


def matches(node, target):
    return node.get_role_name() == target["role"] and clean(node.get_name()) == clean(target["name"])


def resolve(window, target):
    node = window
    try:
        for index in target["path"]:
            node = node.get_child_at_index(index)
            if node is None:
                break
        if node is not None and matches(node, target):
            return node
    except Exception:
        pass
    # The tree moved under us: look for the one element with the same role and name.
    found = []

    def walk(candidate, depth):
        if len(found) > 1 or depth > 60:
            return
        if matches(candidate, target):
            found.append(candidate)
        for index in range(candidate.get_child_count()):
            child = candidate.get_child_at_index(index)
            if child is not None:
                walk(child, depth + 1)

    walk(window, 0)
    if len(found) == 1:
        return found[0]
    raise Failure("stale_ref", "the element changed since ui_state/ui_find; read the window again")


def act(request):
    app = find_app(request["pid"])
    window = find_window(app, request.get("title", ""))
    node = resolve(window, request["target"])
    role = node.get_role_name()
    label = f'{role} "{clean(node.get_name())}"'
    action = request["action"]
    if action == "press":
        iface = node.get_action_iface()
        count = iface.get_n_actions() if iface is not None else 0
        names = [iface.get_action_name(index) for index in range(count)]
        for wanted in PRESS_ACTIONS:
            if wanted in names:
                iface.do_action(names.index(wanted))
                return {"detail": f'pressed {label} (action "{wanted}")'}
        if count > 0:
            iface.do_action(0)
            return {"detail": f'pressed {label} (action "{names[0]}")'}
        raise Failure("unsupported", f"{label} has no press action; try focus and input_hotkey enter")
    if action == "set_value":
        value = request.get("value", "")
        editable = node.get_editable_text_iface()
        if editable is not None:
            if not editable.set_text_contents(value):
                raise Failure("failed", f"{label} refused the new text (read-only?)")
            return {"detail": f"set {label} to {len(value)} characters"}
        numeric = node.get_value_iface()
        if numeric is not None:
            try:
                number = float(value)
            except ValueError:
                raise Failure("bad_value", f"{label} takes a number, not {value!r}") from None
            numeric.set_current_value(number)
            return {"detail": f"set {label} to {number}"}
        raise Failure("unsupported", f"{label} has no editable value")
    if action == "focus":
        component = node.get_component_iface()
        if component is None or not component.grab_focus():
            raise Failure("unsupported", f"{label} cannot take focus")
        return {"detail": f"focused {label}"}
    raise Failure("bad_request", f"unknown action {action!r}")


class X11:
    """The focused window straight from the X server (libX11 through ctypes): one round trip
    per property instead of spawning xdotool + wmctrl for every context-lock check."""

    def __init__(self):
        lib = ctypes.util.find_library("X11")
        if not lib:
            raise Failure("no_x11", "libX11 not found")
        x = ctypes.CDLL(lib)
        c = ctypes
        x.XOpenDisplay.restype = c.c_void_p
        x.XOpenDisplay.argtypes = [c.c_char_p]
        x.XDefaultRootWindow.restype = c.c_ulong
        x.XDefaultRootWindow.argtypes = [c.c_void_p]
        x.XInternAtom.restype = c.c_ulong
        x.XInternAtom.argtypes = [c.c_void_p, c.c_char_p, c.c_int]
        x.XGetWindowProperty.restype = c.c_int
        x.XGetWindowProperty.argtypes = [
            c.c_void_p, c.c_ulong, c.c_ulong, c.c_long, c.c_long, c.c_int, c.c_ulong,
            c.POINTER(c.c_ulong), c.POINTER(c.c_int), c.POINTER(c.c_ulong), c.POINTER(c.c_ulong),
            c.POINTER(c.c_void_p),
        ]
        x.XFree.argtypes = [c.c_void_p]
        x.XGetGeometry.argtypes = [
            c.c_void_p, c.c_ulong, c.POINTER(c.c_ulong), c.POINTER(c.c_int), c.POINTER(c.c_int),
            c.POINTER(c.c_uint), c.POINTER(c.c_uint), c.POINTER(c.c_uint), c.POINTER(c.c_uint),
        ]
        x.XTranslateCoordinates.argtypes = [
            c.c_void_p, c.c_ulong, c.c_ulong, c.c_int, c.c_int,
            c.POINTER(c.c_int), c.POINTER(c.c_int), c.POINTER(c.c_ulong),
        ]
        # A window can vanish between two requests; Xlib's default handler would exit the helper.
        handler_type = c.CFUNCTYPE(c.c_int, c.c_void_p, c.c_void_p)
        self._handler = handler_type(lambda display, event: 0)
        x.XSetErrorHandler.argtypes = [handler_type]
        x.XSetErrorHandler(self._handler)
        self.x = x
        self.display = x.XOpenDisplay(None)
        if not self.display:
            raise Failure("no_x11", "cannot open the X display")
        self.root = x.XDefaultRootWindow(self.display)
        self.atoms = {}

    def atom(self, name):
        if name not in self.atoms:
            self.atoms[name] = self.x.XInternAtom(self.display, name.encode(), 0)
        return self.atoms[name]

    def prop(self, window, name, kind):
        c = ctypes
        actual, fmt, count, after, data = c.c_ulong(), c.c_int(), c.c_ulong(), c.c_ulong(), c.c_void_p()
        status = self.x.XGetWindowProperty(
            self.display, window, self.atom(name), 0, 4096, 0, 0,
            c.byref(actual), c.byref(fmt), c.byref(count), c.byref(after), c.byref(data),
        )
        if status != 0 or not data.value:
            return None
        try:
            if kind == "cardinal":
                return c.cast(data, c.POINTER(c.c_ulong))[0] if count.value > 0 and fmt.value == 32 else None
            return c.string_at(data, count.value * (fmt.value // 8))
        finally:
            self.x.XFree(data)

    def active_window(self, request):
        window = self.prop(self.root, "_NET_ACTIVE_WINDOW", "cardinal")
        if not window:
            return None
        c = ctypes
        root, gx, gy = c.c_ulong(), c.c_int(), c.c_int()
        width, height, border, depth = c.c_uint(), c.c_uint(), c.c_uint(), c.c_uint()
        if not self.x.XGetGeometry(
            self.display, window, c.byref(root), c.byref(gx), c.byref(gy),
            c.byref(width), c.byref(height), c.byref(border), c.byref(depth),
        ):
            return None
        ax, ay, child = c.c_int(), c.c_int(), c.c_ulong()
        self.x.XTranslateCoordinates(self.display, window, self.root, 0, 0, c.byref(ax), c.byref(ay), c.byref(child))
        title = self.prop(window, "_NET_WM_NAME", "string") or self.prop(window, "WM_NAME", "string") or b""
        wm_class = (self.prop(window, "WM_CLASS", "string") or b"").split(b"\0")[0]
        return {
            "id": window,
            "pid": self.prop(window, "_NET_WM_PID", "cardinal"),
            "title": title.decode("utf-8", "replace"),
            "app": wm_class.decode("utf-8", "replace"),
            "rect": {"x": ax.value, "y": ay.value, "width": width.value, "height": height.value},
        }


X = []


def active_window(request):
    if not X:
        X.append(X11())
    return X[0].active_window(request)


OPS = {"ping": lambda request: {"version": 1}, "snapshot": snapshot, "act": act, "active_window": active_window}


def main():
    # Fail fast on hung apps instead of blocking every later request (ms).
    Atspi.set_timeout(4000, 15000)
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        request_id = None
        try:
            request = json.loads(line)
            request_id = request.get("id")
            operation = OPS.get(request.get("op"))
            if operation is None:
                raise Failure("bad_request", f"unknown op {request.get('op')!r}")
            response = {"id": request_id, "ok": True, "result": operation(request)}
        except Failure as failure:
            response = {"id": request_id, "ok": False, "error": {"code": failure.code, "message": str(failure)}}
        except Exception as error:  # GLib errors from a vanished app or a D-Bus timeout
            response = {"id": request_id, "ok": False, "error": {"code": "atspi", "message": clean(str(error))[:300]}}
        sys.stdout.write(json.dumps(response, ensure_ascii=False) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
