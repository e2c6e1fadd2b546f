//! Solutions of many subproblems, written in the order of the sequential
//! search, as soon as they are in that order, through a bounded buffer.
//!
//! Each worker thread writes the text of its subproblem's solutions into a
//! [`Piece`] of its own and hands the piece to the [`Stream`] every
//! [`CHUNK`] bytes, at the end of each slice of its search, and when the
//! subproblem is finished. The subproblem whose turn it is — the first one
//! not finished — goes straight to the output. A later one waits in the
//! stream until its turn; when the text waiting there passes [`BUDGET`]
//! bytes, its worker waits for its turn too, holding at most one chunk (and
//! one solution). So the text held never passes `BUDGET` plus a chunk per
//! worker, whatever the
//! number of solutions, and the output is byte for byte the sequential
//! search's. Workers take subproblems in order, so the one whose turn it is
//! always has a worker and never waits: the stream cannot deadlock.
//!
//! The stream also keeps the limit: it writes no more than `limit`
//! solutions, and once they are written it tells every worker to stop. A
//! subproblem whose search was [cut](Piece::cut) short (a deadline) ends
//! the output when its turn ends, so that what was written is always the
//! beginning of the sequential search's output, as at `-j1`.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

/// Bytes of text a worker gathers before handing them over.
pub const CHUNK: usize = 16 << 10;
/// Bytes of text that may wait in the stream for their turn.
const BUDGET: usize = 16 << 20;

/// The text of solutions of one subproblem, not handed over yet.
#[derive(Debug, Default)]
pub struct Piece {
    /// The subproblem's place in the order.
    index: usize,
    text: Vec<u8>,
    /// Where each solution's text ends in `text`.
    ends: Vec<usize>,
    /// Solutions the subproblem found so far, handed over or not.
    found: u64,
    /// Whether the subproblem's search stopped before its end.
    cut: bool,
}

impl Piece {
    /// An empty piece for subproblem `index`.
    pub fn new(index: usize) -> Piece {
        Piece {
            index,
            ..Piece::default()
        }
    }

    /// The subproblem's place in the order.
    pub fn index(&self) -> usize {
        self.index
    }

    /// Adds a solution, whose text `write` appends.
    pub fn push(&mut self, write: impl FnOnce(&mut Vec<u8>)) {
        write(&mut self.text);
        self.ends.push(self.text.len());
        self.found += 1;
    }

    /// Whether the piece holds a chunk's worth of text.
    pub fn is_full(&self) -> bool {
        self.text.len() >= CHUNK
    }

    /// Whether the piece holds no text.
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// Marks the subproblem's search as stopped before its end: nothing
    /// after it is written.
    pub fn cut(&mut self) {
        self.cut = true;
    }
}

/// A subproblem's text waiting for its turn, whether it is all there, and
/// whether its search was cut short.
#[derive(Debug, Default)]
struct Waiting {
    chunks: Vec<(Vec<u8>, Vec<usize>)>,
    finished: bool,
    cut: bool,
}

/// What the stream holds under its lock.
#[derive(Debug)]
struct State<W> {
    out: W,
    /// The subproblem whose turn it is.
    turn: usize,
    waiting: BTreeMap<usize, Waiting>,
    /// Bytes in `waiting`.
    held: usize,
    /// Solutions written.
    written: u64,
    /// Set when the limit was reached or a write failed: nothing more is
    /// written.
    closed: bool,
    /// The first write error.
    error: Option<io::Error>,
}

/// See the [module docs](self).
#[derive(Debug)]
pub struct Stream<W> {
    state: Mutex<State<W>>,
    /// Signalled when the turn moves on or text leaves the stream.
    moved: Condvar,
    limit: u64,
    /// The first subproblem that found `limit` solutions by itself: the
    /// subproblems after it can add nothing.
    enough_at: AtomicUsize,
}

/// The stream is closed: the limit is reached, or the output failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Closed;

impl<W: Write> Stream<W> {
    /// A stream into `out` that writes at most `limit` solutions.
    pub fn new(out: W, limit: u64) -> Stream<W> {
        Stream {
            state: Mutex::new(State {
                out,
                turn: 0,
                waiting: BTreeMap::new(),
                held: 0,
                written: 0,
                closed: false,
                error: None,
            }),
            moved: Condvar::new(),
            limit,
            enough_at: AtomicUsize::new(usize::MAX),
        }
    }

    /// Whether subproblem `index` can still add a solution to the output.
    pub fn wants(&self, index: usize) -> bool {
        index <= self.enough_at.load(Ordering::Relaxed)
    }

    /// Hands `piece`'s text over (emptying it), and when `finished` ends
    /// its subproblem: written now if it is the subproblem's turn, else kept
    /// until then — or, when the stream holds too much, after waiting for
    /// the turn. `Err(Closed)` when nothing more will be written, and the
    /// worker should stop.
    pub fn deliver(&self, piece: &mut Piece, finished: bool) -> Result<(), Closed> {
        if piece.found >= self.limit {
            self.enough_at.fetch_min(piece.index, Ordering::Relaxed);
        }
        let mut state = self.lock();
        loop {
            if state.closed {
                return Err(Closed);
            }
            if piece.index == state.turn {
                let text = std::mem::take(&mut piece.text);
                let ends = std::mem::take(&mut piece.ends);
                self.write(&mut state, &text, &ends);
                if finished && piece.cut {
                    state.closed = true;
                } else if finished {
                    state.turn += 1;
                    self.catch_up(&mut state);
                }
                let flushed = state.out.flush();
                self.fail_on(&mut state, flushed);
                self.moved.notify_all();
                return if state.closed { Err(Closed) } else { Ok(()) };
            }
            let bytes = piece.text.len();
            if state.held == 0 || state.held + bytes <= BUDGET {
                let waiting = state.waiting.entry(piece.index).or_default();
                if bytes > 0 {
                    let text = std::mem::take(&mut piece.text);
                    let ends = std::mem::take(&mut piece.ends);
                    waiting.chunks.push((text, ends));
                }
                waiting.finished = finished;
                waiting.cut = piece.cut;
                state.held += bytes;
                return Ok(());
            }
            state = self
                .moved
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// Solutions written.
    pub fn written(&self) -> u64 {
        self.lock().written
    }

    /// The output back, or the first error writing to it.
    pub fn finish(self) -> io::Result<W> {
        let state = self
            .state
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner);
        match state.error {
            Some(error) => Err(error),
            None => Ok(state.out),
        }
    }

    /// Writes the text whose turn has come: the waiting chunks of the
    /// subproblems after the one just finished, as far as they are
    /// finished, and what the next unfinished one has so far.
    fn catch_up(&self, state: &mut State<W>) {
        while let Some(waiting) = state.waiting.remove(&state.turn) {
            for (text, ends) in &waiting.chunks {
                state.held -= text.len();
                self.write(state, text, ends);
            }
            if !waiting.finished {
                // Its worker writes the rest itself, now that it is its turn.
                break;
            }
            if waiting.cut {
                state.closed = true;
                break;
            }
            state.turn += 1;
        }
    }

    /// Writes `text`, solutions ending at `ends`, up to the limit.
    fn write(&self, state: &mut State<W>, text: &[u8], ends: &[usize]) {
        if state.closed || ends.is_empty() {
            return;
        }
        let room = self.limit - state.written;
        let (count, end) = if ends.len() as u64 > room {
            (room, ends[room as usize - 1])
        } else {
            (ends.len() as u64, text.len())
        };
        let written = state.out.write_all(&text[..end]);
        state.written += count;
        self.fail_on(state, written);
        if state.written == self.limit {
            state.closed = true;
        }
    }

    /// Closes the stream on the first error.
    fn fail_on(&self, state: &mut State<W>, result: io::Result<()>) {
        if let Err(error) = result {
            state.closed = true;
            state.error.get_or_insert(error);
        }
    }

    fn lock(&self) -> MutexGuard<'_, State<W>> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(index: usize, solutions: &[&str]) -> Piece {
        let mut piece = Piece::new(index);
        for s in solutions {
            piece.push(|text| text.extend_from_slice(s.as_bytes()));
        }
        piece
    }

    #[test]
    fn later_subproblems_wait_for_their_turn() {
        let stream = Stream::new(Vec::new(), u64::MAX);
        stream.deliver(&mut piece(2, &["c\n"]), true).unwrap();
        stream.deliver(&mut piece(1, &["b1\n"]), false).unwrap();
        stream.deliver(&mut piece(0, &["a\n"]), false).unwrap();
        assert_eq!(stream.lock().out, b"a\n");
        stream.deliver(&mut piece(1, &["b2\n"]), true).unwrap();
        assert_eq!(stream.lock().out, b"a\n");
        stream.deliver(&mut piece(0, &[]), true).unwrap();
        assert_eq!(stream.written(), 4);
        assert_eq!(stream.finish().unwrap(), b"a\nb1\nb2\nc\n");
    }

    #[test]
    fn the_limit_cuts_the_text_and_closes_the_stream() {
        let stream = Stream::new(Vec::new(), 3);
        stream
            .deliver(&mut piece(1, &["c\n", "d\n"]), true)
            .unwrap();
        assert!(stream.wants(5));
        let mut first = piece(0, &["a\n", "b\n"]);
        assert_eq!(stream.deliver(&mut first, true), Err(Closed));
        assert_eq!(stream.deliver(&mut piece(2, &["e\n"]), true), Err(Closed));
        assert_eq!(stream.finish().unwrap(), b"a\nb\nc\n");
        let stream = Stream::new(Vec::new(), 2);
        stream
            .deliver(&mut piece(3, &["x\n", "y\n"]), false)
            .unwrap();
        assert!(stream.wants(3) && !stream.wants(4));
    }

    #[test]
    fn a_cut_subproblem_ends_the_output() {
        let stream = Stream::new(Vec::new(), u64::MAX);
        stream.deliver(&mut piece(2, &["c\n"]), true).unwrap();
        let mut second = piece(1, &["b\n"]);
        second.cut();
        stream.deliver(&mut second, true).unwrap();
        assert_eq!(stream.deliver(&mut piece(0, &["a\n"]), true), Err(Closed));
        assert_eq!(stream.finish().unwrap(), b"a\nb\n");
        let stream = Stream::new(Vec::new(), u64::MAX);
        let mut first = piece(0, &["a\n"]);
        first.cut();
        assert_eq!(stream.deliver(&mut first, true), Err(Closed));
        assert_eq!(stream.finish().unwrap(), b"a\n");
    }

    #[test]
    fn a_full_stream_makes_a_worker_wait_for_its_turn() {
        let stream = Stream::new(Vec::new(), u64::MAX);
        let big = "x".repeat(BUDGET / 2);
        std::thread::scope(|scope| {
            let later = scope.spawn(|| {
                for _ in 0..4 {
                    stream.deliver(&mut piece(1, &[&big]), false).unwrap();
                }
                // Two chunks fit; the third waited for subproblem 0 to end.
                assert_eq!(stream.lock().turn, 1);
                stream.deliver(&mut piece(1, &[]), true).unwrap();
            });
            while stream.lock().held < BUDGET {
                std::thread::yield_now();
            }
            stream.deliver(&mut piece(0, &["a\n"]), true).unwrap();
            later.join().unwrap();
        });
        let out = stream.finish().unwrap();
        assert_eq!(out.len(), 2 + 4 * big.len());
    }
}
