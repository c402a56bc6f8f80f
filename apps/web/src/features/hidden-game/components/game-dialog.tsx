import { useEffect, useState } from "react";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { BOX_COUNT, GAME_SECONDS, POINTS_PER_CLICK, PRAISE_ABOVE, SHUFFLE_MS } from "../rules.ts";

export default function GameDialog({ onClose }: { onClose(): void }) {
  return (
    <Dialog id="hidden-game" title="Key Catcher" isOpen onClose={onClose} width="max-w-sm">
      <Game />
    </Dialog>
  );
}

function Game() {
  const [lit, setLit] = useState(() => Math.floor(Math.random() * BOX_COUNT));
  const [score, setScore] = useState(0);
  const [left, setLeft] = useState(GAME_SECONDS);
  const over = left <= 0;

  useEffect(() => {
    if (over) return;
    const shuffle = setInterval(
      () => setLit((l) => (l + 1 + Math.floor(Math.random() * (BOX_COUNT - 1))) % BOX_COUNT),
      SHUFFLE_MS,
    );
    const tick = setInterval(() => setLeft((s) => s - 1), 1000);
    return () => {
      clearInterval(shuffle);
      clearInterval(tick);
    };
  }, [over]);

  return (
    <div className="flex flex-col items-center gap-3">
      <p className="text-sm" aria-live="polite">
        Score: <strong data-testid="game-score">{score}</strong> · Time left: {Math.max(0, left)} s
      </p>
      <div className="grid grid-cols-3 gap-2">
        {Array.from({ length: BOX_COUNT }, (_, i) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: the nine boxes are positions, not items
            key={i}
            type="button"
            aria-label={i === lit ? "Lit box" : `Box ${i + 1}`}
            disabled={over}
            onClick={() => {
              if (i !== lit) return;
              setScore((s) => s + POINTS_PER_CLICK);
              setLit((l) => (l + 1 + Math.floor(Math.random() * (BOX_COUNT - 1))) % BOX_COUNT);
            }}
            className={`h-16 w-16 rounded-lg transition-colors ${i === lit && !over ? "bg-brand-600" : "bg-slate-200 dark:bg-slate-700"}`}
          />
        ))}
      </div>
      {over ? (
        <div className="text-center">
          <p className="font-semibold">
            {score > PRAISE_ABOVE ? "Amazing reflexes! You're a key master!" : "Time's up!"}
          </p>
          <button
            type="button"
            onClick={() => {
              setScore(0);
              setLeft(GAME_SECONDS);
            }}
            className="mt-2 text-sm font-semibold text-brand-700 hover:underline"
          >
            Play again
          </button>
        </div>
      ) : null}
    </div>
  );
}
