import { describe, expect, it } from "vitest";
import { readingExpectations } from "./expect-reading.js";

/**
 * The kinds of request the browser, ui, windows, apps and web groups missed on fresh wording
 * (decision 0041), one sentence of the team's own per kind, and the near neighbours each kind
 * must leave alone: a window of a room, a screen read, a search of one's own things.
 */
const { read, acts, expectAct, expectNoAct } = await readingExpectations();

describe("windows named by what they show", () => {
  it("reads the words before 'window' as its title when they are no app", () => {
    expectAct("bring the mortgage calculator sheet window to the front", "windows_focus", {
      window: "mortgage calculator sheet",
    });
    expectAct("shut the lesson plan window, keep the browser", "windows_close", { window: "lesson plan" });
    expectAct("hide the packing checklist window", "windows_minimize", { window: "packing checklist" });
    expectAct("maximise the essay draft window", "windows_tile", { window: "essay draft", side: "maximize" });
  });

  it("still reads a known app as the app", () => {
    expectAct("minimise the gimp window", "windows_minimize", { app: "gimp" });
  });

  it("never takes a window of a room or a car for one on the screen", () => {
    expectNoAct("shut the landing window, it's draughty");
    expectNoAct("close the van window");
    expectNoAct("what's in the bathroom window");
  });

  it("moves or resizes a window named by its title, or named first and then moved", () => {
    expectAct("resize the Accounts2027 window to 900 by 640", "windows_move", {
      window: "Accounts2027",
      width: 900,
      height: 640,
    });
    expectAct("the recipe card window, drag it to 10, 400", "windows_move", {
      window: "recipe card",
      x: 10,
      y: 400,
    });
    expectAct("what windows are open currently? I can't find my notes", "windows_list");
  });

  it("reads a window named by its document's kind, and one hidden for now", () => {
    expectAct("maximise the party invites document", "windows_tile", { side: "maximize" });
    expectAct("hide slack for a bit", "windows_minimize", { app: "slack" });
    expectAct("screenshot the entire web page, down to the comments", "browser_screenshot", {
      full_page: true,
    });
  });

  it("closes the window that has something in it, and makes a window full screen", () => {
    expectAct("close the window that has the rota on it", "windows_close", { window: "the rota" });
    expectAct("make the window fullscreen please", "windows_tile", { side: "maximize" });
    expectAct("bring the seating plan window back up", "windows_focus", { window: "seating plan" });
  });

  it("moves a window to the top left corner and sizes it in one call", () => {
    expectAct(
      "put the inkscape window over to the top left corner and resize it to 1100 by 700",
      "windows_move",
      {
        app: "inkscape",
        x: 0,
        y: 0,
        width: 1100,
        height: 700,
      },
    );
  });

  it("reads filling the screen and 'the window of an app' as maximising", () => {
    expectAct("could you make this window cover the entire screen", "windows_tile", { side: "maximize" });
    expectAct("make the window of inkscape as big as it goes", "windows_tile", {
      app: "inkscape",
      side: "maximize",
    });
  });
});

describe("apps: going to one, another window of one, all of one", () => {
  it("brings an app named alone forward instead of a window", () => {
    expectAct("go over to slack", "apps_focus", { app: "slack" });
    expectAct("go to the slack window", "windows_focus", { app: "slack" });
  });

  it("does not let 'go to an app' swallow what comes after it", () => {
    const result = read("go to spotify and put some jazz on");
    expect(acts(result) && result.tool === "apps_focus" && !result.calls).toBe(false);
  });

  it("starts the app again for another of its windows", () => {
    expectAct("one more inkscape window please, I'm comparing two drawings", "apps_launch", {
      app: "inkscape",
      new_window: true,
    });
  });

  it("never quits the one app a request keeps open", () => {
    const result = read("shut everything apart from slack");
    expect(acts(result) && result.tool === "apps_quit").toBe(false);
  });

  it("lists the apps when asked whether one is running", () => {
    expectAct("is thunderbird still running", "apps_list");
  });

  it("quits the whole app when said so, and asks which app for 'the app' with a reason", () => {
    expectAct("quit discord entirely, every window", "apps_quit", { app: "discord" });
    const asked = read("kill the app, it keeps freezing");
    expect(asked).toMatchObject({ tool: "apps_quit", missing: ["app"] });
  });
});

describe("a control named by its label with no ref: which one is asked, of the right place", () => {
  it("asks the window for a dialog's own buttons, boxes, cursor and settings", () => {
    for (const text of [
      "hit the Cancel button",
      "untick the start at login box",
      "put the cursor in the file name field",
      "change the zoom level field to 150",
    ])
      expect(read(text), text).toMatchObject({ tool: "ui_action", missing: ["ref"] });
  });

  it("asks the page for a web form's own buttons and a site's fields", () => {
    expect(read("hit the place order button")).toMatchObject({ tool: "browser_click", missing: ["ref"] });
    expect(read("click the green Join button on the website")).toMatchObject({
      tool: "browser_click",
      missing: ["ref"],
    });
    expect(read("enter blue wellies into the site's search bar")).toMatchObject({
      tool: "browser_type",
      missing: ["ref"],
    });
  });

  it("asks which app or site when only 'an app' or 'a website' was said", () => {
    expect(read("could you launch an app for me")).toMatchObject({ tool: "apps_launch", missing: ["app"] });
    expect(read("force quit a program for me")).toMatchObject({ tool: "apps_quit", missing: ["app"] });
    expect(read("pull up a website for me")).toMatchObject({ tool: "browser_navigate", missing: ["url"] });
  });

  it("leaves settings of things that are no control alone", () => {
    expectNoAct("set the oven to 190");
    expect(read("set the oven to 190").tool).not.toBe("ui_action");
  });
});

describe("page and window elements named by their label with the ref beside it", () => {
  it("clicks and types on the page by the ref said after the label", () => {
    expectAct("press the continue button, that's e52", "browser_click", { ref: "e52" });
    expectAct("put 07700 900123 into the phone box, it is e18", "browser_type", {
      ref: "e18",
      text: "07700 900123",
    });
  });

  it("sends a window's ref (@) to the window's controls", () => {
    expectAct("untick the newsletter box, it's @e33", "ui_action", { ref: "@e33", action: "press" });
  });
});

describe("back, tabs and a page asked about", () => {
  it("goes back when back is said as a place or as being taken there", () => {
    expectAct("bring me back to where I was", "browser_back");
    expectAct("back to the page I was on", "browser_back");
  });

  it("counts the tabs and reads the page asked about something", () => {
    expectAct("how many browser tabs are there open", "browser_tabs", { action: "list" });
    expectAct("what does this page say about refunds", "browser_get_text");
    expectAct("read the article aloud", "browser_get_text");
  });

  it("fills a page's field by its ref with what to put in it", () => {
    expectAct("fill e27 with 14 Mill Lane", "browser_type", { ref: "e27", text: "14 Mill Lane" });
    expectAct("put our postcode in e6: LS2 7EW", "browser_type", { ref: "e6", text: "LS2 7EW" });
  });

  it("never reads a second ref or request as an element's label", () => {
    const result = read("press e3 and then e11");
    expect(acts(result) && result.tool === "browser_click" && result.args?.ref === "e11").toBe(false);
  });

  it("reads the page named first and then 'read it', what is written on it, and the fields on it", () => {
    expectAct("this website is a mess, read it out for me", "browser_get_text");
    expectAct("tell me what is written on the page", "browser_get_text");
    expectAct("which buttons are there on this page", "browser_snapshot");
    expectAct("new browser tab", "browser_tabs", { action: "new" });
  });
});

describe("the page read, shot and waited on", () => {
  it("reads the page said as what is on it", () => {
    expectAct("read me out what's on this page, I left my glasses upstairs", "browser_get_text");
  });

  it("takes a shot of the page when the page is named, and of the screen otherwise", () => {
    expectAct("snap only the web page, not the whole desktop", "browser_screenshot");
    expectAct("save a full-page capture of the booking summary", "browser_screenshot", { full_page: true });
    expectNoAct("screenshot my whole screen", "browser_screenshot");
  });

  it("looks at a page named by its site, and leaves other looking alone", () => {
    expectAct("snapshot the library renewals page, I want to renew two books", "browser_snapshot", {});
    expectNoAct("look at the weather page", "browser_snapshot");
  });

  it("waits till the page says something", () => {
    expectAct("hold on till the page says Upload complete", "browser_wait_for", { text: "Upload complete" });
  });
});

describe("apps installed, got up, and already open", () => {
  it("lists the apps when asked what is installed", () => {
    expectAct("what software is installed on this laptop", "apps_list");
    expectAct("have I got blender installed", "apps_list");
  });

  it("reads an app named first and then 'open it'", () => {
    expectAct("gimp. launch it", "apps_launch", { app: "gimp" });
  });

  it("reads the particle after the app and 'the one I already have open'", () => {
    expectAct("get the terminal up, I need to run something", "apps_launch", { app: "terminal" });
    expectAct("bring the firefox I already have open forward", "apps_focus", { app: "firefox" });
  });
});

describe("what a window holds", () => {
  it("reads the controls asked of a window, its tree, and its hidden items", () => {
    expectAct("what menus are there in this dialog", "ui_state");
    expectAct("dump the Printers window's controls", "ui_state", { window: "Printers" });
    expectAct("show the window's hidden items as well", "ui_state", { all: true });
    expectAct("which options can I use in this pop up", "ui_state");
    expectAct("write 42 into @e8", "ui_action", { ref: "@e8", action: "set_value", value: "42" });
  });

  it("reads a window named by its app, a dialog, and a control named by its use", () => {
    expectAct("what's on the Steam window at the moment", "ui_state", { window: "Steam" });
    expectAct("read out what is in this pop up box", "ui_state");
    expectAct("where is the field for the card number", "ui_find", { name: "card number", role: "field" });
  });
});

describe("the web: a question searched, a link named first", () => {
  it("searches a question about the world without the web being named", () => {
    expectAct("search how long to boil a duck egg", "web_search", { query: "how long to boil a duck egg" });
    expectAct("search in internet: opening of the new library", "web_search");
  });

  it("reads 'google it:' and 'on the internet' said before the words, and what people say online", () => {
    expectAct("google it: what time does the tip close", "web_search", {
      query: "what time does the tip close",
    });
    expectAct("look on the internet for a cheap sofa bed", "web_search", { query: "a cheap sofa bed" });
    expectAct("what are people saying online about the new bypass", "web_search", {
      query: "the new bypass",
    });
    expectAct("give me the video transcript for https://youtu.be/Hh7Jj8", "youtube_transcript");
  });

  it("leaves a search of one's own things to be asked", () => {
    expectNoAct("search for my passport scan", "web_search");
  });

  it("reads a link named before what is wanted of it", () => {
    expectAct("this talk https://youtu.be/Qp4Ws2Er, I need the captions", "youtube_transcript", {
      url: "https://youtu.be/Qp4Ws2Er",
    });
    expectAct("the article https://example.net/story/77, give me the words on it", "web_fetch", {
      url: "https://example.net/story/77",
    });
  });
});

describe("a desktop request beside its reason is done, a purpose is asked", () => {
  it("acts on arranging windows, apps and looking at the page when a reason is said beside them", () => {
    expectAct("hide discord, my boss is walking over", "windows_minimize", { app: "discord" });
    expectAct("the film's finished, quit vlc", "apps_quit", { app: "vlc" });
  });

  it("parts a request from its reason at a sentence's end too, and opens an address beside a reason", () => {
    expectAct("Could you launch blender for me? The render is due today.", "apps_launch", { app: "blender" });
    expectAct("open example.net, I have to pay a parking fine", "browser_navigate", { url: "example.net" });
  });

  it("never acts on a request the words beside it take back or put off", () => {
    for (const text of ["Close Slack? No, leave it.", "hide the terminal, actually wait"]) {
      const result = read(text);
      expect(acts(result), text).toBe(false);
    }
  });

  it("asks when the words after the request are its purpose, which may be the real request", () => {
    const result = read("open discord so we can book a table for friday");
    expect(result.tool).toBe("apps_launch");
    expect(acts(result)).toBe(false);
  });
});

describe("back, a webpage, full screen, an app got", () => {
  it("goes back to the previous page said as a place to go to, or as the back button", () => {
    expectAct("head to the prior page", "browser_back");
    expectAct("tap the back button", "browser_back");
  });

  it("reads 'webpage' written as one word", () => {
    expectAct("read out this webpage", "browser_get_text");
  });

  it("makes an app's window full screen and gets an app", () => {
    expectAct("put gimp fullscreen", "windows_tile", { app: "gimp", side: "maximize" });
    expectAct("get me the calculator", "apps_launch", { app: "calculator" });
    expectAct("let me see which windows I have open", "windows_list");
  });
});
