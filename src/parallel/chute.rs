//! A bounded queue from one worker to the listing that hands solutions over in batches:
//! `std::sync::mpsc::sync_channel` woke the other side for every solution (58,000 context
//! switches for the 45,752 classes of 14-queens, the listing twice as slow on two threads
//! as on one).

use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

/// How many items wake a waiting reader: fewer wait for more, or for [`PATIENCE`].
const BATCH: usize = 64;

/// The longest a reader waits for a batch before it takes what there is.
const PATIENCE: Duration = Duration::from_millis(2);

struct State<T> {
    items: VecDeque<T>,
    /// The writer is gone (it ended, or panicked).
    written: bool,
    /// The reader is gone: writing is pointless.
    dropped: bool,
    /// Who waits to be woken: the reader for items, or the writer for room (never both,
    /// since the queue is not empty and full at once).
    waits: Option<Side>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Reader,
    Writer,
}

struct Shared<T> {
    state: Mutex<State<T>>,
    readable: Condvar,
    writable: Condvar,
    capacity: usize,
}

impl<T> Shared<T> {
    fn lock(&self) -> MutexGuard<'_, State<T>> {
        self.state.lock().expect("no panics while locked")
    }
}

/// The writing end.
pub(super) struct Writer<T>(Arc<Shared<T>>);

/// The reading end.
pub(super) struct Reader<T>(Arc<Shared<T>>);

/// A queue of at most `capacity` items.
pub(super) fn chute<T>(capacity: usize) -> (Writer<T>, Reader<T>) {
    let shared = Arc::new(Shared {
        state: Mutex::new(State {
            items: VecDeque::new(),
            written: false,
            dropped: false,
            waits: None,
        }),
        readable: Condvar::new(),
        writable: Condvar::new(),
        capacity: capacity.max(1),
    });
    (Writer(Arc::clone(&shared)), Reader(shared))
}

impl<T> Writer<T> {
    /// Queues `item`, waiting while the queue is full; `urgent` wakes a waiting reader at
    /// once (the last item). `Err` with the item if the reader is gone.
    pub(super) fn send(&self, item: T, urgent: bool) -> Result<(), T> {
        let shared = &*self.0;
        let mut state = shared.lock();
        while state.items.len() >= shared.capacity && !state.dropped {
            state.waits = Some(Side::Writer);
            state = shared.writable.wait(state).expect("no panics while locked");
        }
        if state.dropped {
            return Err(item);
        }
        state.items.push_back(item);
        if state.waits == Some(Side::Reader) && (urgent || state.items.len() >= BATCH) {
            state.waits = None;
            shared.readable.notify_one();
        }
        Ok(())
    }
}

impl<T> Drop for Writer<T> {
    fn drop(&mut self) {
        let mut state = self.0.lock();
        state.written = true;
        self.0.readable.notify_one();
    }
}

impl<T> Reader<T> {
    /// Moves every queued item to the end of `out`, waiting for some if there are none;
    /// `false` if there are none and the writer is gone.
    pub(super) fn take(&self, out: &mut VecDeque<T>) -> bool {
        let shared = &*self.0;
        let mut state = shared.lock();
        loop {
            if !state.items.is_empty() {
                out.append(&mut state.items);
                if state.waits == Some(Side::Writer) {
                    state.waits = None;
                    shared.writable.notify_one();
                }
                return true;
            }
            if state.written {
                return false;
            }
            state.waits = Some(Side::Reader);
            state = shared
                .readable
                .wait_timeout(state, PATIENCE)
                .expect("no panics while locked")
                .0;
        }
    }
}

impl<T> Drop for Reader<T> {
    fn drop(&mut self) {
        let mut state = self.0.lock();
        state.dropped = true;
        state.items.clear();
        self.0.writable.notify_one();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_item_arrives_in_order_through_a_small_queue() {
        let (writer, reader) = chute::<u32>(3);
        let sending = std::thread::spawn(move || {
            for k in 0..1000 {
                writer.send(k, k == 999).unwrap();
            }
        });
        let mut got = VecDeque::new();
        while reader.take(&mut got) {}
        sending.join().unwrap();
        assert!(got.into_iter().eq(0..1000));
    }

    #[test]
    fn a_writer_stops_when_the_reader_is_gone() {
        let (writer, reader) = chute::<u32>(2);
        writer.send(1, false).unwrap();
        writer.send(2, false).unwrap();
        let blocked = std::thread::spawn(move || writer.send(3, false));
        std::thread::sleep(Duration::from_millis(20));
        drop(reader);
        assert_eq!(blocked.join().unwrap(), Err(3));
    }

    #[test]
    fn a_lone_item_is_read_without_waiting_for_a_batch() {
        let (writer, reader) = chute::<u32>(8);
        let start = std::time::Instant::now();
        let sending = std::thread::spawn(move || {
            writer.send(7, false).unwrap();
            std::thread::sleep(Duration::from_secs(1));
        });
        let mut got = VecDeque::new();
        assert!(reader.take(&mut got));
        assert_eq!(got, [7]);
        assert!(start.elapsed() < Duration::from_millis(900));
        sending.join().unwrap();
    }
}
