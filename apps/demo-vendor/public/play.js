/* global document */
// The game page's script (served as a file: the page's CSP allows no inline script).
(function () {
  const main = document.getElementById('game');
  if (!main) return;
  const button = document.getElementById('play');
  const message = document.getElementById('message');
  const balance = document.getElementById('balance');
  const money = (minor) => '₹' + (minor / 100).toFixed(2);
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
      if (typeof data.balanceMinor === 'number') balance.textContent = money(data.balanceMinor);
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
      // A win that only returns the stake is not "You won": say what it was.
      const stake = Number(bet ? bet.value : 0);
      if (data.winMinor > stake) message.textContent = 'You won ' + money(data.winMinor) + ' (' + money(data.winMinor - stake) + ' more than your bet)!';
      else if (data.winMinor === stake) message.textContent = 'Your ' + money(stake) + ' bet came back: no gain, no loss.';
      else if (data.winMinor > 0) message.textContent = 'You got ' + money(data.winMinor) + ' back of your ' + money(stake) + ' bet.';
      else message.textContent = 'No win this time.';
    } catch {
      message.textContent = 'Network problem. Please try again.';
    } finally {
      button.disabled = false;
    }
  });
})();
