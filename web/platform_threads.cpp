// platform_threads.cpp — platform.h's workers on the desktop: a few threads (one per core but one, at
// least one) taking requests from a queue and running WorkerMain on them, the answers queued for the
// frame to take. The engine is pure functions over values (its catalogs are read-only statics), so a
// search share needs nothing from the main thread while it runs.
#include <algorithm>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "platform.h"

namespace tp::platform {
namespace {

struct Pool {
  std::mutex mutex;
  std::condition_variable wake;
  std::deque<std::pair<int, std::string>> requests, answers;
  std::vector<std::thread> threads;

  void Start() {
    if (!threads.empty()) return;
    const int n = std::max(1, int(std::thread::hardware_concurrency()) - 1);
    for (int i = 0; i < n; ++i)
      threads.emplace_back([this] {
        for (;;) {
          std::pair<int, std::string> job;
          {
            std::unique_lock<std::mutex> lock(mutex);
            wake.wait(lock, [this] { return !requests.empty(); });
            job = std::move(requests.front());
            requests.pop_front();
          }
          std::string answer = WorkerMain(job.second);
          std::lock_guard<std::mutex> lock(mutex);
          answers.push_back({job.first, std::move(answer)});
        }
      });
    // The threads live as long as the program (the window closes by returning from main; nothing waits
    // on them then).
    for (std::thread& t : threads) t.detach();
  }
};

Pool& ThePool() {
  static Pool* pool = new Pool;  // never destroyed: detached threads may still hold it at exit
  return *pool;
}

}  // namespace

int Workers() { return std::max(1, int(std::thread::hardware_concurrency()) - 1); }

void PostWork(int id, const std::string& request) {
  Pool& p = ThePool();
  p.Start();
  {
    std::lock_guard<std::mutex> lock(p.mutex);
    p.requests.push_back({id, request});
  }
  p.wake.notify_one();
}

void DropQueuedWork() {
  Pool& p = ThePool();
  std::lock_guard<std::mutex> lock(p.mutex);
  p.requests.clear();
}

bool TakeWorkAnswer(int& id, std::string& answer) {
  Pool& p = ThePool();
  std::lock_guard<std::mutex> lock(p.mutex);
  if (p.answers.empty()) return false;
  id = p.answers.front().first;
  answer = std::move(p.answers.front().second);
  p.answers.pop_front();
  return true;
}

}  // namespace tp::platform
