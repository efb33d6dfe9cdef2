// What shows over the view while files are dragged over the window: where they go and which files
// it takes. Pointer events pass through it, so the drop lands on the window as without it.
export function DropHint({ text, detail }: { text: string; detail: string }) {
  return (
    <div className="drop-hint" role="status">
      <div className="drop-hint-box">
        <p className="drop-hint-text">{text}</p>
        <p className="drop-hint-detail">{detail}</p>
      </div>
    </div>
  );
}
