"""Train a small classifier with the F_2 loss of symmetric.losses and with binary cross-entropy; compare test F_2.

Data: scikit-learn's digits, "is it a 9?" (10 % positives), standardized,
split in half (stratified) per seed. Model: logistic regression (PyTorch,
float64, CPU), full batch, Adam (learning rate 0.05), 300 steps, from the
same initial weights for both losses. Test F_2 at threshold 0.5 by
scikit-learn's ``fbeta_score``. Needs PyTorch (``pip install torch``).

    python benchmarks/train_losses.py [--seeds 0 1 2 3 4] [--steps 300]
"""

from __future__ import annotations

import argparse

import numpy


def _data(seed):
    from sklearn.datasets import load_digits
    from sklearn.model_selection import train_test_split
    from sklearn.preprocessing import StandardScaler

    X, target = load_digits(return_X_y=True)
    y = (target == 9).astype(numpy.float64)
    Xtr, Xte, ytr, yte = train_test_split(X, y, test_size=0.5, stratify=y, random_state=seed)
    scaler = StandardScaler().fit(Xtr)
    return scaler.transform(Xtr), scaler.transform(Xte), ytr, yte


def train(loss_name, seed, steps=300, lr=0.05, beta=2.0):
    """Test-set F_beta of a logistic regression trained with ``loss_name`` ("f2" or "bce")."""
    import torch
    from sklearn.metrics import fbeta_score

    from symmetric.losses import f_beta_loss

    Xtr, Xte, ytr, yte = _data(seed)
    torch.manual_seed(seed)
    model = torch.nn.Linear(Xtr.shape[1], 1).double()
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    X, y = torch.from_numpy(Xtr), torch.from_numpy(ytr)
    for _ in range(steps):
        opt.zero_grad()
        logits = model(X)[:, 0]
        if loss_name == "f2":
            loss = f_beta_loss(y, torch.sigmoid(logits), beta=beta)
        else:
            loss = torch.nn.functional.binary_cross_entropy_with_logits(logits, y)
        loss.backward()
        opt.step()
    with torch.no_grad():
        pred = (torch.sigmoid(model(torch.from_numpy(Xte))[:, 0]) >= 0.5).numpy()
    return float(fbeta_score(yte, pred, beta=beta))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2, 3, 4])
    parser.add_argument("--steps", type=int, default=300)
    args = parser.parse_args(argv)
    results = {name: [train(name, s, args.steps) for s in args.seeds] for name in ("bce", "f2")}
    print(f"{'loss':<6} " + " ".join(f"seed {s:<3}" for s in args.seeds) + "   mean    sd")
    for name, scores in results.items():
        print(f"{name:<6} " + " ".join(f"{v:8.4f}" for v in scores)
              + f" {numpy.mean(scores):7.4f} {numpy.std(scores, ddof=1) if len(scores) > 1 else 0.0:6.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
