/* global document */
// The game page's script (served as a file: the page's CSP allows no inline script).
(function () {
  const main = document.getElementById('game');
  if (!main) return;
  const button = document.getElementById('play');
  const message = document.getElementById('message');
  const balance = document.getElementById('balance');
  button.addEventListener('click', async () => {
    button.disabled = true;
    message.textContent = '';
    const bet = document.querySelector('input[name="bet"]:checked');
    const target = document.getElementById('target');
    try {
      const res = await fetch('/round', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          session: main.dataset.session,
          game: main.dataset.game,
          betMinor: Number(bet ? bet.value : 0),
          target: target ? Number(target.value) : undefined,
        }),
      });
      const data = await res.json();
      // Amounts come written by the server, in the platform's one money format.
      if (typeof data.balanceText === 'string') balance.textContent = data.balanceText;
      if (data.outcome !== 'played') {
        message.textContent = data.message || 'The round could not be played.';
        return;
      }
      if (data.reels) {
        const spans = document.querySelectorAll('#reels span');
        data.reels.forEach((s, i) => (spans[i].textContent = s));
      }
      if (typeof data.crashPoint === 'number') {
        document.getElementById('crash').textContent = 'Crashed at ' + data.crashPoint.toFixed(2) + '×';
        document.getElementById('reveal').textContent = 'Round seed: ' + data.serverSeed + ' · client seed ' + data.clientSeed + ' · nonce ' + data.nonce;
        document.getElementById('commitment').textContent = data.nextCommitment;
      }
      message.textContent = data.resultText;
    } catch {
      message.textContent = 'Network problem. Please try again.';
    } finally {
      button.disabled = false;
    }
  });
})();
