// A text kept in the visitor's own browser (localStorage): the practice partie (also downloaded
// as a partie record file and uploaded again, with `files`) or the lessons' progress. Nothing here
// names a file on the server: the text travels inside the widget's messages, and Python checks
// everything it receives.
//
// Python sets `record` (JSON) after each change; the view writes it to localStorage under
// `storage_key` (a key per mode of the practice table). When the view is first drawn it sends what the browser kept: {type: "restore",
// text}. An uploaded file is read here and sent as {type: "upload", name, text}, unless it is
// larger than `max_bytes` (then {type: "too-large", name}). With `follow`, what another tab of
// this browser writes under the key is sent too, as another {type: "restore", text}.

function keep(model) {
  const key = model.get("storage_key");
  const record = model.get("record");
  try {
    if (key && record) localStorage.setItem(key, record);
    else if (key) localStorage.removeItem(key); // nothing to keep now: nothing kept
  } catch (error) {
    // Storage full or disabled (a private window): the partie is only in the page.
  }
}

function kept(model) {
  try {
    return localStorage.getItem(model.get("storage_key")) || "";
  } catch (error) {
    return "";
  }
}

export default {
  render({ model, el }) {
    el.classList.add("pw-browser-store-view");
    model.on("change:record", () => keep(model));
    model.on("change:storage_key", () => keep(model)); // the table changed mode: its partie goes there
    const saved = kept(model);
    if (saved) model.send({ type: "restore", text: saved });
    else keep(model);
    const other = (event) => {
      if (event.key === model.get("storage_key") && event.newValue) model.send({ type: "restore", text: event.newValue });
    };
    if (model.get("follow")) window.addEventListener("storage", other);
    if (!model.get("files")) return () => window.removeEventListener("storage", other);
    const download = document.createElement("button");
    download.type = "button";
    download.className = "pw-download-partie jupyter-button widget-button";
    download.addEventListener("click", () => {
      const blob = new Blob([model.get("record")], { type: "application/json" });
      const link = document.createElement("a");
      link.href = URL.createObjectURL(blob);
      link.download = model.get("file_name") || "piquet-partie.json";
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    });
    const input = document.createElement("input");
    input.type = "file";
    input.accept = ".json,application/json";
    input.className = "pw-upload-input";
    input.hidden = true;
    const upload = document.createElement("button");
    upload.type = "button";
    upload.className = "pw-upload-partie jupyter-button widget-button";
    upload.addEventListener("click", () => input.click());
    input.addEventListener("change", async () => {
      const file = input.files && input.files[0];
      input.value = "";
      if (!file) return;
      if (file.size > model.get("max_bytes")) {
        model.send({ type: "too-large", name: file.name });
        return;
      }
      model.send({ type: "upload", name: file.name, text: await file.text() });
    });
    const labels = () => {
      download.textContent = model.get("download_label");
      upload.textContent = model.get("upload_label");
    };
    labels();
    el.append(download, upload, input);
    model.on("change:download_label", labels);
    model.on("change:upload_label", labels);
    return () => {
      window.removeEventListener("storage", other);
      model.off("change:download_label", labels);
      model.off("change:upload_label", labels);
    };
  },
};
