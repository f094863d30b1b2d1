// imgui_hooks_none.cpp — Dear ImGui's test-engine hooks for the desktop window: nothing. The interface library is
// built with IMGUI_ENABLE_TEST_ENGINE so that the window and the headless tests share one build of it (the tests
// define hooks that open every tree node, tests/ui/phone_test.cpp); ImGui calls these only while a program sets
// ImGuiContext::TestEngineHookItems, which the window never does.
#include "imgui.h"
#include "imgui_internal.h"

void ImGuiTestEngineHook_ItemAdd(ImGuiContext*, ImGuiID, const ImRect&, const ImGuiLastItemData*) {}
void ImGuiTestEngineHook_ItemInfo(ImGuiContext*, ImGuiID, const char*, ImGuiItemStatusFlags) {}
void ImGuiTestEngineHook_Log(ImGuiContext*, const char*, ...) {}
const char* ImGuiTestEngine_FindItemDebugLabel(ImGuiContext*, ImGuiID) { return nullptr; }
